import { useIsAdmin } from '../../auth/api/session';
import { RequireTwoFactorSection } from '../../two-factor/public/require-two-factor-section';
import { SettingsGroupPage } from '../components/settings-group-page';

/** /settings/security: whether everyone must sign in with a second factor. */
export function SecuritySettingsPage() {
  const canEdit = useIsAdmin();
  return (
    <SettingsGroupPage group="security">
      <RequireTwoFactorSection canEdit={canEdit} />
    </SettingsGroupPage>
  );
}
