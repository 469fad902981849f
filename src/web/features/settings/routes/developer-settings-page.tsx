import { ApiTokensSection } from '../components/api-tokens-section';
import { SettingsGroupPage } from '../components/settings-group-page';
import { WebhooksSection } from '../components/webhooks-section';

/** /settings/developers (admins only): API tokens and webhook endpoints. */
export function DeveloperSettingsPage() {
  return (
    <SettingsGroupPage group="developers">
      <ApiTokensSection />
      <WebhooksSection />
    </SettingsGroupPage>
  );
}
