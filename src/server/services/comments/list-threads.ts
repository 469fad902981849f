import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { CommentThread, CommentThreadList } from '../../../shared/api/comments';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { type CommentRow, comments, commentThreads } from '../../db/schema';
import { type CommentAccess, type CommentContext, commentAccess } from '../../policies/comments';
import { presentThread } from '../../presenters/comment';
import { findVersion } from '../versions/find-version';
import { placeInRound } from './round-anchors';

/**
 * Threads of a contract the author may read, with their comments, in the order of the text: the
 * team's draft for the team, the version sent to them for a reviewer (round-anchors.ts).
 */
async function threadsOf(db: Database, access: CommentAccess, threadId?: string): Promise<CommentThread[]> {
  const stored = await db
    .select()
    .from(commentThreads)
    .where(
      and(
        eq(commentThreads.contractId, access.contract.id),
        inArray(commentThreads.visibility, [...access.visibilities]),
        threadId ? eq(commentThreads.id, threadId) : undefined,
      ),
    )
    .orderBy(
      sql`${commentThreads.detachedAt} is not null`,
      asc(commentThreads.anchorStart),
      asc(commentThreads.createdAt),
    );
  if (stored.length === 0) return [];
  const rows = await db
    .select()
    .from(comments)
    .where(
      inArray(
        comments.threadId,
        stored.map((thread) => thread.id),
      ),
    )
    .orderBy(asc(comments.createdAt), asc(comments.id));
  const byThread = new Map<string, CommentRow[]>();
  for (const row of rows) {
    const list = byThread.get(row.threadId);
    if (list) list.push(row);
    else byThread.set(row.threadId, [row]);
  }
  const threads =
    access.round !== null
      ? placeInRound(
          stored,
          access.contract.content,
          await findVersion(db, access.contract.id, access.round),
          (thread) => byThread.get(thread.id)?.[0]?.authorReviewerId === access.author.reviewerId,
        )
      : stored;
  return threads.map((thread) => presentThread(thread, byThread.get(thread.id) ?? []));
}

/** A contract's comment threads as the author may see them (a reviewer: the shared ones only). */
export async function listThreads(ctx: CommentContext, contractId: string): Promise<CommentThreadList> {
  const access = await commentAccess(ctx.db, ctx, contractId);
  return { items: await threadsOf(ctx.db, access) };
}

/** One thread, if the author may see it. */
export async function getThread(
  ctx: CommentContext,
  contractId: string,
  threadId: string,
): Promise<CommentThread> {
  const access = await commentAccess(ctx.db, ctx, contractId);
  const [thread] = await threadsOf(ctx.db, access, threadId);
  if (!thread) throw new AppError('NOT_FOUND', 'Comment thread not found');
  return thread;
}
