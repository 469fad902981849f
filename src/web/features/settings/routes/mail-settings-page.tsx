import { MailOutboxSection } from '../components/mail-outbox-section';
import { SettingsGroupPage } from '../components/settings-group-page';

/** /settings/mail (admins only): the way to the mail outbox. */
export function MailSettingsPage() {
  return (
    <SettingsGroupPage group="mail">
      <MailOutboxSection />
    </SettingsGroupPage>
  );
}
