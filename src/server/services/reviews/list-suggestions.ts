import { desc, eq, getTableColumns } from 'drizzle-orm';
import type { SuggestionSummary } from '../../../shared/api/reviews';
import type { ServiceContext } from '../../context';
import { reviewers, suggestions } from '../../db/schema';
import { findOwnContract } from '../../policies/scope';
import { presentSuggestionSummary } from '../../presenters/review';

const { content: _content, ...summaryColumns } = getTableColumns(suggestions);

/** The reviewers' suggestions on a contract, newest first. */
export async function listSuggestions(
  ctx: ServiceContext,
  contractId: string,
): Promise<{ items: SuggestionSummary[] }> {
  const contract = await findOwnContract(ctx.db, ctx.actor, contractId, { kind: 'contract', content: false });
  const rows = await ctx.db
    .select({ suggestion: summaryColumns, reviewerName: reviewers.name })
    .from(suggestions)
    .innerJoin(reviewers, eq(reviewers.id, suggestions.reviewerId))
    .where(eq(suggestions.contractId, contract.id))
    .orderBy(desc(suggestions.createdAt));
  return { items: rows.map((row) => presentSuggestionSummary(row.suggestion, row.reviewerName)) };
}
