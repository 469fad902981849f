import { desc, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { contracts, contractVersions, reviewers } from '../../db/schema';
import { assertReviewOpen } from '../../policies/reviews';

/**
 * A reviewer with their contract and its latest version; refused once the review is over (the
 * draft went out for signing, was canceled or deleted, or the reviewer's access was closed).
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
  const [latest] = await db
    .select({ number: contractVersions.number, content: contractVersions.content })
    .from(contractVersions)
    .where(eq(contractVersions.contractId, found.contract.id))
    .orderBy(desc(contractVersions.number))
    .limit(1);
  if (!latest) throw new Error('A contract without versions');
  return { ...found, latest };
}
