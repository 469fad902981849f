import { ApprovalRulesSection } from '../../approvals/public/approval-rules-section';
import { useSession } from '../../auth/api/session';
import { SettingsGroupPage } from '../components/settings-group-page';

/** /settings/approvals: the rules that name who approves a contract before it is sent. */
export function ApprovalSettingsPage() {
  const canEdit = useSession().data?.role === 'admin';
  return (
    <SettingsGroupPage group="approvals">
      <ApprovalRulesSection canEdit={canEdit} />
    </SettingsGroupPage>
  );
}
