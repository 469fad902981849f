import { giveDeadlineNotices } from '../../services/deadlines/deadline-notices';
import { eventConsumer } from '../job-definition';

/** The members a deadline reminder names are told, by bell and (unless they take a digest) e-mail. */
export const deadlineNotices = eventConsumer('deadline-notices', async ({ db }, { event }) => {
  if (event.type !== 'contract.deadline_approaching') return;
  await giveDeadlineNotices(db, event);
});
