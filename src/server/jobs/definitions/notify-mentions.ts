import { notifyMentioned } from '../../services/comments/notify-mentioned';
import { eventConsumer } from '../job-definition';

/** The team members a comment mentions are told, by bell and e-mail. */
export const notifyMentions = eventConsumer('notify-mentions', async ({ db }, { event }) => {
  if (event.type !== 'comment.added') return;
  await notifyMentioned(db, { eventId: event.id, commentId: event.data.commentId, at: event.createdAt });
});
