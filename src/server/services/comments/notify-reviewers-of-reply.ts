import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { comments, commentThreads, contracts, reviewers } from '../../db/schema';
import { queueMail } from '../../mail/queue-mail';
import { excerptOf } from './notify-mentioned';

/**
 * The team answered in a shared thread: each reviewer who wrote in it, and whose review is still
 * open, gets a `comment_reply` e-mail quoting the answer (one per comment and reviewer). No link
 * is made for it: a new review link would end the one the reviewer has. Safe to run twice.
 */
export async function notifyReviewersOfReply(db: Database, commentId: string): Promise<void> {
  const [found] = await db
    .select({
      comment: comments,
      visibility: commentThreads.visibility,
      contractId: contracts.id,
      organizationId: contracts.organizationId,
    })
    .from(comments)
    .innerJoin(commentThreads, eq(commentThreads.id, comments.threadId))
    .innerJoin(contracts, eq(contracts.id, commentThreads.contractId))
    .where(eq(comments.id, commentId));
  if (found?.visibility !== 'shared' || found.comment.byReviewer) return;
  const writers = db
    .selectDistinct({ id: comments.authorReviewerId })
    .from(comments)
    .where(and(eq(comments.threadId, found.comment.threadId), isNotNull(comments.authorReviewerId)));
  const people = await db
    .select({ id: reviewers.id, name: reviewers.name, email: reviewers.email })
    .from(reviewers)
    .where(and(inArray(reviewers.id, writers), isNull(reviewers.closedAt)));
  const excerpt = excerptOf(found.comment.body);
  for (const person of people) {
    await queueMail(db, {
      organizationId: found.organizationId,
      contractId: found.contractId,
      kind: 'comment_reply',
      to: { name: person.name, email: person.email },
      // The reviewer names their round, whose title the e-mail gives (not the draft's now).
      params: { authorName: found.comment.authorName, excerpt, reviewerId: person.id },
      dedupeKey: `comment-reply:${commentId}:${person.id}`,
    });
  }
}
