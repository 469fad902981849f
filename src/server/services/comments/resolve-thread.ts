import { asc, eq } from 'drizzle-orm';
import { comments, commentThreads } from '../../db/schema';
import { assertMayResolve, type CommentContext, commentAccess } from '../../policies/comments';
import { findThreadForUpdate } from './find-thread';

/**
 * Resolves a thread (it stays, folded away) or reopens it. Doing it twice changes nothing. A
 * reviewer resolves and reopens only the threads they started (policies/comments.ts).
 */
export async function setThreadResolved(
  ctx: CommentContext,
  contractId: string,
  threadId: string,
  resolved: boolean,
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const access = await commentAccess(tx, ctx, contractId);
    const thread = await findThreadForUpdate(tx, access, threadId);
    if (access.author.reviewerId) {
      const [first] = await tx
        .select({ reviewerId: comments.authorReviewerId })
        .from(comments)
        .where(eq(comments.threadId, thread.id))
        .orderBy(asc(comments.createdAt), asc(comments.id))
        .limit(1);
      assertMayResolve(access, { reviewerId: first?.reviewerId ?? null });
    }
    if ((thread.resolvedAt !== null) === resolved) return;
    const now = new Date();
    await tx
      .update(commentThreads)
      .set(
        resolved
          ? { resolvedAt: now, resolvedByName: access.author.name, updatedAt: now }
          : { resolvedAt: null, resolvedByName: null, updatedAt: now },
      )
      .where(eq(commentThreads.id, thread.id));
  });
}
