import { count, eq } from 'drizzle-orm';
import { relocateAnchor } from '../../../editor/comments/anchor';
import { documentPlainText } from '../../../editor/comments/plain-text';
import { type CreateThreadInput, commentLimits } from '../../../shared/api/comments';
import { AppError } from '../../../shared/errors';
import { commentThreads } from '../../db/schema';
import { assertMayWrite, type CommentContext, commentAccess } from '../../policies/comments';
import { addComment } from './add-comment';

/**
 * Starts a thread on a passage of the stored content. The passage must be in it: at the offsets
 * given, or (the text moved) the same quote nearest them; text typed but not saved yet is not,
 * and the answer says to save first. The anchor's context is taken from the stored text.
 */
export async function createThread(
  ctx: CommentContext,
  contractId: string,
  input: CreateThreadInput,
): Promise<{ id: string }> {
  return ctx.db.transaction(async (tx) => {
    // The contract row is locked, so a save's re-anchoring and the caps see every thread.
    const access = await commentAccess(tx, ctx, contractId, { forUpdate: true });
    assertMayWrite(access, input.visibility);
    const [counted] = await tx
      .select({ n: count() })
      .from(commentThreads)
      .where(eq(commentThreads.contractId, access.contract.id));
    if ((counted?.n ?? 0) >= commentLimits.threadsPerContract) {
      throw new AppError(
        'PAYLOAD_TOO_LARGE',
        `A contract holds at most ${commentLimits.threadsPerContract.toLocaleString('en')} comment threads`,
      );
    }
    const { text } = documentPlainText(access.contract.content);
    const found = relocateAnchor(text, input.anchor);
    if (found.status !== 'exact') {
      throw new AppError(
        'CONTRACT_CHANGED',
        access.author.reviewerId
          ? 'That passage is not in the draft as it stands: either you edited it (suggest the change instead) or it changed after it was sent to you. Comment on other text, or suggest a change.'
          : 'Save the draft first to comment on text you just wrote',
      );
    }
    const now = new Date();
    const [thread] = await tx
      .insert(commentThreads)
      .values({
        contractId: access.contract.id,
        visibility: input.visibility,
        quote: found.anchor.quote,
        prefix: found.anchor.prefix,
        suffix: found.anchor.suffix,
        anchorStart: found.anchor.start,
        anchorEnd: found.anchor.end,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: commentThreads.id });
    if (!thread) throw new Error('The thread was not stored');
    await addComment(tx, access, { id: thread.id, visibility: input.visibility }, input, now);
    return { id: thread.id };
  });
}
