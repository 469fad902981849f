import { desc, eq, getTableColumns } from 'drizzle-orm';
import type { ReviewView } from '../../../shared/api/reviews';
import type { ReviewerContext } from '../../context';
import { organizations, suggestions } from '../../db/schema';
import { presentSuggestionSummary } from '../../presenters/review';
import { findOpenReview } from './find-reviewer';

const { content: _content, ...summaryColumns } = getTableColumns(suggestions);

/**
 * What a reviewer reads: the version sent to them for review, under its title (the draft's may
 * have changed since, unsent), and what became of their suggestions.
 */
export async function getReviewView(ctx: ReviewerContext): Promise<ReviewView> {
  const { reviewer, contract, version } = await findOpenReview(ctx.db, ctx.reviewerId);
  const [organization] = await ctx.db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, contract.organizationId));
  const own = await ctx.db
    .select(summaryColumns)
    .from(suggestions)
    .where(eq(suggestions.reviewerId, reviewer.id))
    .orderBy(desc(suggestions.createdAt));
  return {
    reviewer: { id: reviewer.id, name: reviewer.name, email: reviewer.email },
    organizationName: organization?.name ?? '',
    senderName: contract.createdByName,
    title: version.title,
    version: { number: version.number, content: version.content },
    open: true,
    suggestions: own.map((row) => presentSuggestionSummary(row, reviewer.name)),
  };
}
