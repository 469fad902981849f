import { and, eq, isNull } from 'drizzle-orm';
import { reviewers, suggestions } from '../../db/schema';
import { queueMail } from '../../mail/queue-mail';
import { notifyReviewersOfReply } from '../../services/comments/notify-reviewers-of-reply';
import { eventConsumer } from '../job-definition';

/**
 * The other side's reviewers hear by e-mail: invited to a review round (each e-mail makes its own
 * link when it is sent), told when their suggestions were decided, and when the team answers in
 * a shared thread they wrote in. Each message names its reviewer (`reviewerId`), so it is
 * composed with the title of the version sent to them, never the draft's since.
 */
export const mailReviewers = eventConsumer('mail-reviewers', async ({ db }, { event, contract }) => {
  if (!contract) return;
  const base = { organizationId: contract.organizationId, contractId: contract.id };
  if (event.type === 'review.sent') {
    const round = Number(event.data.round);
    const invited = await db
      .select()
      .from(reviewers)
      .where(
        and(eq(reviewers.contractId, contract.id), eq(reviewers.round, round), isNull(reviewers.closedAt)),
      );
    for (const reviewer of invited) {
      await queueMail(db, {
        ...base,
        kind: 'review_invitation',
        to: { name: reviewer.name, email: reviewer.email },
        params: { reviewerId: reviewer.id },
        dedupeKey: `review-invitation:${reviewer.id}:${round}`,
      });
    }
  } else if (event.type === 'comment.added') {
    if (event.data.commentId) await notifyReviewersOfReply(db, event.data.commentId);
  } else if (event.type === 'review.decided') {
    const [decided] = await db
      .select({ id: reviewers.id, name: reviewers.name, email: reviewers.email })
      .from(suggestions)
      .innerJoin(reviewers, eq(reviewers.id, suggestions.reviewerId))
      .where(eq(suggestions.id, event.data.suggestionId ?? ''));
    if (!decided) return;
    await queueMail(db, {
      ...base,
      kind: 'suggestions_decided',
      to: { name: decided.name, email: decided.email },
      // The reviewer names their round, whose title the e-mail gives (not the draft's now).
      params: { reason: event.data.summary ?? '', reviewerId: decided.id },
      dedupeKey: `suggestions-decided:${event.data.suggestionId}`,
    });
  }
});
