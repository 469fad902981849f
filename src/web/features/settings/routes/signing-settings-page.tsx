import { useIsAdmin } from '../../auth/api/session';
import { OrganizationSettingsLoader } from '../components/organization-settings-loader';
import { SealingCertificateSection } from '../components/sealing-certificate-section';
import { SettingsGroupPage } from '../components/settings-group-page';
import { SigningDefaultsSection } from '../components/signing-defaults-section';

/** /settings/signing: the signing period and reminders, and the certificate that seals signed PDFs. */
export function SigningSettingsPage() {
  const canEdit = useIsAdmin();
  return (
    <SettingsGroupPage group="signing">
      <OrganizationSettingsLoader>
        {(settings) => <SigningDefaultsSection settings={settings} canEdit={canEdit} />}
      </OrganizationSettingsLoader>
      <SealingCertificateSection canEdit={canEdit} />
    </SettingsGroupPage>
  );
}
