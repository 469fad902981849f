import { and, eq } from 'drizzle-orm';
import type { DecideSuggestionInput } from '../../../shared/api/reviews';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import { jsonText } from '../../db/json-text';
import { contracts, contractVersions, reviewers, suggestions } from '../../db/schema';
import { findOwnContract } from '../../policies/scope';
import { authorOf } from '../history/author-of';
import { checkRevisable, reviseDraft } from '../lifecycle/revise-draft';
import { transition } from '../lifecycle/transition';

/**
 * Accepts the chosen changes of a suggestion and rejects the rest. The result is the version the
 * suggestion was made on with the accepted changes applied — merged, block by block, into the
 * draft if it changed since (two changes to one block are refused, to be settled by hand) — and
 * becomes a new version. The reviewer is told (a reaction to the recorded event).
 */
export async function decideSuggestion(
  ctx: ServiceContext<'content'>,
  contractId: string,
  suggestionId: string,
  input: DecideSuggestionInput,
): Promise<void> {
  const { db, actor } = ctx;
  const found = await findOwnContract(db, actor, contractId, { kind: 'contract', content: false });
  // The three documents as JSON text, for the content thread to parse (db/json-text.ts).
  const [read] = await db
    .select({
      status: suggestions.status,
      baseVersion: suggestions.baseVersion,
      reviewerName: reviewers.name,
      revision: contracts.revision,
      draft: jsonText(contracts.content),
      base: jsonText(contractVersions.content),
      suggested: jsonText(suggestions.content),
    })
    .from(suggestions)
    .innerJoin(reviewers, eq(reviewers.id, suggestions.reviewerId))
    .innerJoin(contracts, eq(contracts.id, suggestions.contractId))
    .innerJoin(
      contractVersions,
      and(
        eq(contractVersions.contractId, suggestions.contractId),
        eq(contractVersions.number, suggestions.baseVersion),
      ),
    )
    .where(and(eq(suggestions.id, suggestionId), eq(suggestions.contractId, found.id)));
  if (!read) throw new AppError('NOT_FOUND', 'Suggestion not found');
  const { reviewerName, baseVersion } = read;
  if (read.status !== 'open') {
    throw new AppError('INVALID_INPUT', 'This suggestion was already decided.');
  }
  const decided = await ctx.content.applySuggestion({
    base: read.base,
    suggestion: read.suggested,
    draft: read.draft,
    accept: input.accept,
  });
  const since = `The draft changed since version ${baseVersion}`;
  if (decided.outcome === 'conflicts') {
    throw new AppError(
      'SUGGESTION_CONFLICT',
      `${since} in ${decided.conflicts === 1 ? 'a passage' : `${decided.conflicts} passages`} these changes also touch. Reject those changes and make them by hand, or restore version ${baseVersion} first.`,
    );
  }
  if (decided.outcome === 'tooManyMoves') {
    throw new AppError(
      'SUGGESTION_CONFLICT',
      `${since}, and so many passages were moved (in the draft or by these changes) that they cannot be merged. Accept fewer changes at a time, or restore version ${baseVersion} first.`,
    );
  }
  const { changes, accepted, content: prepared } = decided;
  await db.transaction(async (tx) => {
    const contract = await findOwnContract(tx, actor, contractId, {
      kind: 'contract',
      forUpdate: true,
      content: false,
    });
    await checkRevisable(tx, contract, input.baseRevision);
    // Every change of a draft's text takes a new revision (reviseDraft is its one writer).
    if (contract.revision !== read.revision) {
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
      .where(and(eq(suggestions.id, suggestionId), eq(suggestions.status, 'open')))
      .returning({ id: suggestions.id });
    if (claimed.length === 0) throw new AppError('INVALID_INPUT', 'This suggestion was already decided.');
    const decision = (version: number | null) => ({
      step: 'review.decided' as const,
      facts: {
        suggestionId,
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
