import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { reviewers, suggestions } from '../../db/schema';

/** A suggestion of a contract the caller has already found in scope, with its reviewer's name. */
export async function findSuggestion(db: Database, contractId: string, suggestionId: string) {
  const [found] = await db
    .select({ suggestion: suggestions, reviewerName: reviewers.name, reviewerEmail: reviewers.email })
    .from(suggestions)
    .innerJoin(reviewers, eq(reviewers.id, suggestions.reviewerId))
    .where(and(eq(suggestions.id, suggestionId), eq(suggestions.contractId, contractId)));
  if (!found) throw new AppError('NOT_FOUND', 'Suggestion not found');
  return found;
}
