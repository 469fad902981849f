import sameJson from 'fast-deep-equal';
import type { Suggestion } from '../../../shared/api/reviews';
import type { ServiceContext } from '../../context';
import { findOwnContract } from '../../policies/scope';
import { presentSuggestionSummary } from '../../presenters/review';
import { findVersion } from '../versions/find-version';
import { findSuggestion } from './find-suggestion';

/** A suggestion as the owner decides on it: a redline of the version it was made on, each change numbered. */
export async function getSuggestion(
  ctx: ServiceContext<'content'>,
  contractId: string,
  suggestionId: string,
): Promise<Suggestion> {
  const contract = await findOwnContract(ctx.db, ctx.actor, contractId, { kind: 'contract' });
  const { suggestion, reviewerName } = await findSuggestion(ctx.db, contract.id, suggestionId);
  const base = await findVersion(ctx.db, contract.id, suggestion.baseVersion);
  const { document, changes } = await ctx.content.compareNumbered(base.content, suggestion.content);
  const { content: _content, ...summary } = suggestion;
  return {
    ...presentSuggestionSummary(summary, reviewerName),
    document,
    changes,
    draftChanged: !sameJson(base.content, contract.content),
  };
}
