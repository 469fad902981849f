import { notifyMentioned } from '../../services/comments/notify-mentioned';
import { eventConsumer } from '../job-definition';
import { eventOf } from './event-of';

/** The team members a comment mentions are told, by bell and e-mail. */
export const notifyMentions = eventConsumer('notify-mentions', async ({ db }, { eventId }) => {
  const found = await eventOf(db, eventId);
  const commentId = found?.event.data.commentId;
  if (!found || !commentId) return;
  await notifyMentioned(db, { eventId, commentId, at: found.event.createdAt });
});
