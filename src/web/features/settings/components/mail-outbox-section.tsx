import { Mail } from 'lucide-react';
import { Link } from 'react-router';
import { SettingsSection } from '../../../components/settings-section';

/** Where the outbox is: every message sent for the organization. */
export function MailOutboxSection() {
  return (
    <SettingsSection
      id="mail-outbox"
      title="Mail outbox"
      description="Every e-mail Pactum sends for your organization, and whether it was delivered."
    >
      <Link
        to="/mail"
        className="inline-flex items-center gap-2 text-sm font-medium text-indigo-600 hover:text-indigo-500"
      >
        <Mail aria-hidden="true" className="size-4" /> Open the mail outbox
      </Link>
    </SettingsSection>
  );
}
