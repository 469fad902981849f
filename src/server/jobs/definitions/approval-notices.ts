import { tellApprovalStep } from '../../services/approvals/approval-notices';
import { eventConsumer } from '../job-definition';

/** Approvers asked, requesters answered, approvers whose approval was withdrawn: bell and e-mail. */
export const approvalNotices = eventConsumer('approval-notices', async ({ db }, { event, contract }) => {
  if (contract) await tellApprovalStep(db, event, contract);
});
