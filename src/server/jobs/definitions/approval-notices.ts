import { tellApprovalStep } from '../../services/approvals/approval-notices';
import { eventConsumer } from '../job-definition';
import { eventOf } from './event-of';

/** Approvers asked, requesters answered, approvers whose approval was withdrawn: bell and e-mail. */
export const approvalNotices = eventConsumer('approval-notices', async ({ db }, { eventId }) => {
  const found = await eventOf(db, eventId);
  if (!found?.contract) return;
  await tellApprovalStep(db, found.event, found.contract);
});
