import { and, count, eq, inArray } from 'drizzle-orm';
import { commentLimits } from '../../../shared/api/comments';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { comments, commentThreads, memberships, users } from '../../db/schema';
import type { CommentAccess } from '../../policies/comments';
import { transition } from '../lifecycle/transition';

/**
 * The mentioned people who are members of the contract's organization, with their names now.
 * Only team members mention: a reviewer does not know the team, and mentions nobody.
 */
async function mentionedMembers(
  tx: Database,
  access: CommentAccess,
  ids: readonly string[],
): Promise<{ id: string; name: string }[]> {
  const wanted = [...new Set(ids)].filter((id) => id !== access.author.userId);
  if (wanted.length === 0 || !access.author.userId) return [];
  const rows = await tx
    .select({ id: users.id, name: users.name })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, access.contract.organizationId),
        inArray(memberships.userId, wanted),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return wanted.flatMap((id) => {
    const row = byId.get(id);
    return row ? [{ id: row.id, name: row.name }] : [];
  });
}

/**
 * Writes one comment of a thread (the first or a reply), inside the caller's transaction, and
 * records `comment.added`: its consumer notifies the people mentioned, by bell and e-mail, and
 * webhooks hear of it (ids and author only, never the text). No history entry: a comment is not
 * a change to the contract.
 */
export async function addComment(
  tx: Database,
  access: CommentAccess,
  thread: { id: string; visibility: 'internal' | 'shared' },
  input: { body: string; mentions: readonly string[] },
  at: Date,
): Promise<string> {
  const [counted] = await tx.select({ n: count() }).from(comments).where(eq(comments.threadId, thread.id));
  if ((counted?.n ?? 0) >= commentLimits.commentsPerThread) {
    throw new AppError(
      'PAYLOAD_TOO_LARGE',
      `A thread holds at most ${commentLimits.commentsPerThread} comments: start a new thread`,
    );
  }
  if (access.author.reviewerId) {
    // A reviewer's own cap, below the contract's: the other side never fills the team's room
    // for threads, nor rings the owner's bell without end.
    const [written] = await tx
      .select({ n: count() })
      .from(comments)
      .innerJoin(commentThreads, eq(commentThreads.id, comments.threadId))
      .where(
        and(
          eq(commentThreads.contractId, access.contract.id),
          eq(comments.authorReviewerId, access.author.reviewerId),
        ),
      );
    if ((written?.n ?? 0) >= commentLimits.commentsPerReviewer) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `A reviewer writes at most ${commentLimits.commentsPerReviewer} comments on a draft`,
      );
    }
  }
  const mentions = await mentionedMembers(tx, access, input.mentions);
  const [row] = await tx
    .insert(comments)
    .values({
      threadId: thread.id,
      authorUserId: access.author.userId,
      authorReviewerId: access.author.reviewerId,
      byReviewer: access.author.reviewerId !== null,
      authorName: access.author.name,
      body: input.body,
      mentions,
      createdAt: at,
    })
    .returning({ id: comments.id });
  if (!row) throw new Error('The comment was not stored');
  await tx.update(commentThreads).set({ updatedAt: at }).where(eq(commentThreads.id, thread.id));
  await transition(tx, {
    contract: access.contract,
    step: 'comment.added',
    facts: {
      threadId: thread.id,
      commentId: row.id,
      visibility: thread.visibility,
      authorName: access.author.name,
      authorKind: access.author.reviewerId ? 'reviewer' : 'user',
    },
    // Comments are not in the contract's history: the author is named in the event.
    author: { userId: access.author.userId, userName: access.author.name, ip: null, userAgent: null },
    at,
  });
  return row.id;
}
