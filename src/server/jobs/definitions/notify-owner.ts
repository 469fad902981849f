import { notify } from '../../services/lifecycle/notify';
import { ownerNoticeOf } from '../../services/lifecycle/steps';
import { eventConsumer } from '../job-definition';

/**
 * The contract's owner (who created it) hears of what happens to it in the bell, dated when it
 * happened, as the step declares (lifecycle/steps.ts), once per event.
 */
export const notifyOwner = eventConsumer('notify-owner', async ({ db }, { event, contract }) => {
  const notice = ownerNoticeOf(event.type, event.data);
  // The subscription queues no job for an event the owner does not hear of; a job queued before
  // a rule changed is checked against it here.
  if (!contract?.createdBy || !notice) return;
  await notify(db, {
    userIds: [contract.createdBy],
    contractId: contract.id,
    kind: notice.kind,
    message: notice.text(contract.title),
    eventId: event.id,
    at: event.createdAt,
  });
});
