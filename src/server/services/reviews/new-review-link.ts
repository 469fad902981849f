import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { reviewers } from '../../db/schema';
import { newLinkToken } from '../signing/link-token';

/**
 * A review link made for the invitation being composed now: only its SHA-256 is stored, so the
 * reviewer's earlier link stops working. None for a reviewer whose review has ended.
 */
export async function newReviewLink(db: Database, reviewerId: string): Promise<string | null> {
  const { token, hash } = newLinkToken();
  const updated = await db
    .update(reviewers)
    .set({ tokenHash: hash })
    .where(and(eq(reviewers.id, reviewerId), isNull(reviewers.closedAt)))
    .returning({ id: reviewers.id });
  return updated.length > 0 ? token : null;
}
