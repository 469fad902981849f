import { eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { reviewers } from '../../db/schema';
import { hashLinkToken } from '../signing/link-token';
import { findOpenReview } from './find-reviewer';
import type { ReviewLink } from './review-cookie';

/** Resolves a review link to its reviewer, noting when they opened it. */
export async function openReviewLink(db: Database, token: string): Promise<ReviewLink> {
  const linkHash = hashLinkToken(token);
  const [reviewer] = await db
    .select({ id: reviewers.id })
    .from(reviewers)
    .where(eq(reviewers.tokenHash, linkHash));
  if (!reviewer) {
    throw new AppError(
      'NOT_FOUND',
      'This review link is not valid. Use the whole link from your latest e-mail.',
    );
  }
  await findOpenReview(db, reviewer.id);
  await db.update(reviewers).set({ lastViewedAt: new Date() }).where(eq(reviewers.id, reviewer.id));
  return { reviewerId: reviewer.id, linkHash };
}
