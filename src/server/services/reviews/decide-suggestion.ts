import { isDeepStrictEqual } from 'node:util';
import { and, eq } from 'drizzle-orm';
import type { DecideSuggestionInput } from '../../../shared/api/reviews';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import { suggestions } from '../../db/schema';
import { findOwnContract } from '../../policies/scope';
import { applySuggestion } from '../contracts/contract-content';
import { authorOf } from '../history/author-of';
import { checkRevisable, reviseDraft } from '../lifecycle/revise-draft';
import { transition } from '../lifecycle/transition';
import { findVersion } from '../versions/find-version';
import { findSuggestion } from './find-suggestion';

/**
 * Accepts the chosen changes of a suggestion and rejects the rest. The result is the version the
 * suggestion was made on with the accepted changes applied — merged, block by block, into the
 * draft if it changed since (two changes to one block are refused, to be settled by hand) — and
 * becomes a new version. The reviewer is told (a reaction to the recorded event).
 */
export async function decideSuggestion(
  ctx: ServiceContext,
  contractId: string,
  suggestionId: string,
  input: DecideSuggestionInput,
): Promise<void> {
  const { db, actor } = ctx;
  const found = await findOwnContract(db, actor, contractId, { kind: 'contract' });
  const { suggestion, reviewerName } = await findSuggestion(db, found.id, suggestionId);
  if (suggestion.status !== 'open') {
    throw new AppError('INVALID_INPUT', 'This suggestion was already decided.');
  }
  const base = await findVersion(db, found.id, suggestion.baseVersion);
  const decided = await applySuggestion({
    base: base.content,
    suggestion: suggestion.content,
    draft: found.content,
    accept: input.accept,
  });
  const since = `The draft changed since version ${suggestion.baseVersion}`;
  if (decided.outcome === 'conflicts') {
    throw new AppError(
      'SUGGESTION_CONFLICT',
      `${since} in ${decided.conflicts === 1 ? 'a passage' : `${decided.conflicts} passages`} these changes also touch. Reject those changes and make them by hand, or restore version ${suggestion.baseVersion} first.`,
    );
  }
  if (decided.outcome === 'tooManyMoves') {
    throw new AppError(
      'SUGGESTION_CONFLICT',
      `${since}, and so many passages were moved (in the draft or by these changes) that they cannot be merged. Accept fewer changes at a time, or restore version ${suggestion.baseVersion} first.`,
    );
  }
  const { changes, accepted, content: prepared } = decided;
  await db.transaction(async (tx) => {
    const contract = await findOwnContract(tx, actor, contractId, { kind: 'contract', forUpdate: true });
    await checkRevisable(tx, contract, input.baseRevision);
    if (!isDeepStrictEqual(contract.content, found.content)) {
      throw new AppError(
        'CONTRACT_CHANGED',
        'The draft changed while the suggestion was being applied. Try again.',
      );
    }
    const now = new Date();
    const author = authorOf(actor);
    const rejected = changes - accepted;
    const status = accepted === 0 ? 'rejected' : rejected === 0 ? 'accepted' : 'partly_accepted';
    const claimed = await tx
      .update(suggestions)
      .set({ status, accepted, rejected, decidedBy: actor.userId, decidedAt: now })
      .where(and(eq(suggestions.id, suggestion.id), eq(suggestions.status, 'open')))
      .returning({ id: suggestions.id });
    if (claimed.length === 0) throw new AppError('INVALID_INPUT', 'This suggestion was already decided.');
    const decision = (version: number | null) => ({
      step: 'review.decided' as const,
      facts: {
        suggestionId: suggestion.id,
        summary:
          version === null
            ? `All ${changes} changes suggested by ${reviewerName} rejected`
            : `Of ${changes} changes suggested by ${reviewerName}, ${accepted} accepted and ${rejected} rejected: version ${version}`,
      },
    });
    if (!prepared) {
      await transition(tx, { contract, ...decision(null), author, at: now });
      return;
    }
    // The accepted text is written as any revision of the draft: threads follow their passages.
    await reviseDraft(tx, {
      contract,
      baseRevision: input.baseRevision,
      content: prepared,
      version: { kind: 'suggestions', evenIfUnchanged: true },
      why: 'suggested changes were accepted',
      author,
      at: now,
      step: decision,
    });
  });
}
