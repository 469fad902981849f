import { useIsAdmin } from '../../auth/api/session';
import { ContractTermsSection } from '../../terms/public/contract-terms-section';
import { OrganizationSection } from '../components/organization-section';
import { OrganizationSettingsLoader } from '../components/organization-settings-loader';
import { SettingsGroupPage } from '../components/settings-group-page';
import { SignerFieldsSection } from '../components/signer-fields-section';

/** /settings/general: the organization's name and logo, the fields every signer fills in, and its contract terms. */
export function GeneralSettingsPage() {
  const canEdit = useIsAdmin();
  return (
    <SettingsGroupPage group="general">
      <OrganizationSettingsLoader>
        {(settings) => (
          <>
            <OrganizationSection settings={settings} canEdit={canEdit} />
            <SignerFieldsSection canEdit={canEdit} />
            <ContractTermsSection canEdit={canEdit} />
          </>
        )}
      </OrganizationSettingsLoader>
    </SettingsGroupPage>
  );
}
