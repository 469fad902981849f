import { ApiTokensSection } from '../components/api-tokens-section';
import { EmbeddingSection } from '../components/embedding-section';
import { SettingsGroupPage } from '../components/settings-group-page';
import { WebhooksSection } from '../components/webhooks-section';

/** /settings/developers (admins only): API tokens, webhook endpoints and the origins that may embed signing. */
export function DeveloperSettingsPage() {
  return (
    <SettingsGroupPage group="developers">
      <ApiTokensSection />
      <WebhooksSection />
      <EmbeddingSection />
    </SettingsGroupPage>
  );
}
