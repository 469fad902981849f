import { count, eq } from 'drizzle-orm';
import { relocateAnchor } from '../../../editor/comments/anchor';
import { documentPlainText } from '../../../editor/comments/plain-text';
import { type CreateThreadInput, commentLimits } from '../../../shared/api/comments';
import { AppError } from '../../../shared/errors';
import { commentThreads } from '../../db/schema';
import { assertMayWrite, type CommentContext, commentAccess } from '../../policies/comments';
import { findVersion } from '../versions/find-version';
import { addComment } from './add-comment';
import { placeInDraft } from './round-anchors';

/**
 * Starts a thread on a passage of the text the author reads: the stored draft for the team, the
 * version sent to them for a reviewer. The passage must be in it: at the offsets given, or (the
 * text moved) the same quote nearest them; text typed but not saved (or, for a reviewer, not
 * sent to them) is not, and the answer says what to do. The anchor's context is taken from that
 * text; a reviewer's thread is then kept where its passage is in the draft (round-anchors.ts),
 * so the team finds it on their text, and the answer to a reviewer tells nothing of the draft.
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
    const round = access.round !== null ? await findVersion(tx, access.contract.id, access.round) : null;
    const { text } = documentPlainText(round ? round.content : access.contract.content);
    const found = relocateAnchor(text, input.anchor);
    if (found.status !== 'exact') {
      throw new AppError(
        'CONTRACT_CHANGED',
        round
          ? `That passage is not in version ${round.number} as it was sent to you: if you edited it, suggest the change instead. Comment on the text as it was sent.`
          : 'Save the draft first to comment on text you just wrote',
      );
    }
    const placed = round
      ? placeInDraft(found.anchor, round.content, access.contract.content)
      : { anchor: found.anchor, detached: false };
    const now = new Date();
    const [thread] = await tx
      .insert(commentThreads)
      .values({
        contractId: access.contract.id,
        visibility: input.visibility,
        quote: placed.anchor.quote,
        prefix: placed.anchor.prefix,
        suffix: placed.anchor.suffix,
        anchorStart: placed.anchor.start,
        anchorEnd: placed.anchor.end,
        detachedAt: placed.detached ? now : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: commentThreads.id });
    if (!thread) throw new Error('The thread was not stored');
    await addComment(tx, access, { id: thread.id, visibility: input.visibility }, input, now);
    return { id: thread.id };
  });
}
