import type { Reviewer, SuggestionSummary } from '../../shared/api/reviews';
import type { ReviewerRow, SuggestionRow } from '../db/schema';

type SuggestionSummaryRow = Omit<SuggestionRow, 'content'>;

/** A reviewer as the owner sees them: never the link's hash. */
export function presentReviewer(row: ReviewerRow): Reviewer {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    round: row.round,
    invitedAt: row.invitedAt.toISOString(),
    lastViewedAt: row.lastViewedAt ? row.lastViewedAt.toISOString() : null,
    open: row.closedAt === null,
  };
}

export function presentSuggestionSummary(row: SuggestionSummaryRow, reviewerName: string): SuggestionSummary {
  return {
    id: row.id,
    reviewer: { id: row.reviewerId, name: reviewerName },
    baseVersion: row.baseVersion,
    note: row.note,
    status: row.status,
    accepted: row.accepted,
    rejected: row.rejected,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
  };
}
