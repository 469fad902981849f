import type { ReplyInput } from '../../../shared/api/comments';
import { type CommentContext, commentAccess } from '../../policies/comments';
import { addComment } from './add-comment';
import { findThreadForUpdate } from './find-thread';

/** Adds a reply to a thread the author may see (resolved or not). */
export async function replyToThread(
  ctx: CommentContext,
  contractId: string,
  threadId: string,
  input: ReplyInput,
): Promise<{ id: string }> {
  return ctx.db.transaction(async (tx) => {
    const access = await commentAccess(tx, ctx, contractId);
    // The thread row is locked: replies are counted one after another against the cap.
    const thread = await findThreadForUpdate(tx, access, threadId);
    const id = await addComment(tx, access, thread, input, new Date());
    return { id };
  });
}
