import { and, eq, inArray } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { commentThreads } from '../../db/schema';
import type { CommentAccess } from '../../policies/comments';

/** A thread of the contract the author may see, locked for the caller's transaction. */
export async function findThreadForUpdate(tx: Database, access: CommentAccess, threadId: string) {
  const [thread] = await tx
    .select()
    .from(commentThreads)
    .where(
      and(
        eq(commentThreads.id, threadId),
        eq(commentThreads.contractId, access.contract.id),
        inArray(commentThreads.visibility, [...access.visibilities]),
      ),
    )
    .for('update');
  if (!thread) throw new AppError('NOT_FOUND', 'Comment thread not found');
  return thread;
}
