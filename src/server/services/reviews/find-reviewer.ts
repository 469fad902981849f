import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { contracts, contractVersions, reviewers } from '../../db/schema';
import { assertReviewOpen } from '../../policies/reviews';
import type { ReviewLink } from './review-cookie';

/**
 * A reviewer with their contract and the version sent to them for review (their latest round);
 * refused once the review is over (the draft went out for signing, was canceled or deleted, or
 * the reviewer's access was closed). The other side reads only what was sent to them: the team's
 * edits since are theirs until a new round sends them.
 */
export async function findOpenReview(db: Database, reviewerId: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({ reviewer: reviewers, contract: contracts })
    .from(reviewers)
    .innerJoin(contracts, eq(contracts.id, reviewers.contractId))
    .where(eq(reviewers.id, reviewerId));
  const [found] = options.lock ? await query.for('update', { of: contracts }) : await query;
  if (!found) throw new AppError('NOT_FOUND', 'This review does not exist.');
  assertReviewOpen(found.reviewer, found.contract);
  const [version] = await db
    .select({
      number: contractVersions.number,
      title: contractVersions.title,
      content: contractVersions.content,
    })
    .from(contractVersions)
    .where(
      and(
        eq(contractVersions.contractId, found.contract.id),
        eq(contractVersions.number, found.reviewer.round),
      ),
    );
  if (!version) throw new Error('A review round without its version');
  return { ...found, version };
}

/**
 * The title of the version a reviewer was last sent, which is what their e-mails call the
 * contract: the draft's title now may be an edit the team has not sent. Null for no reviewer.
 */
export async function sentTitle(db: Database, reviewerId: string): Promise<string | null> {
  const [found] = await db
    .select({ title: contractVersions.title })
    .from(reviewers)
    .innerJoin(
      contractVersions,
      and(
        eq(contractVersions.contractId, reviewers.contractId),
        eq(contractVersions.number, reviewers.round),
      ),
    )
    .where(eq(reviewers.id, reviewerId));
  return found?.title ?? null;
}

/** The link a reviewer was last sent, which their cookie must have been opened with. */
export async function currentReviewLink(db: Database, reviewerId: string): Promise<ReviewLink | null> {
  const [found] = await db
    .select({ linkHash: reviewers.tokenHash })
    .from(reviewers)
    .where(eq(reviewers.id, reviewerId));
  return found ? { reviewerId, linkHash: found.linkHash } : null;
}
