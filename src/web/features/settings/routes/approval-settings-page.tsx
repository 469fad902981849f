import { ApprovalRulesSection } from '../../approvals/public/approval-rules-section';
import { useIsAdmin } from '../../auth/api/session';
import { SettingsGroupPage } from '../components/settings-group-page';

/** /settings/approvals: the rules that name who approves a contract before it is sent. */
export function ApprovalSettingsPage() {
  const canEdit = useIsAdmin();
  return (
    <SettingsGroupPage group="approvals">
      <ApprovalRulesSection canEdit={canEdit} />
    </SettingsGroupPage>
  );
}
