import { asc, eq } from 'drizzle-orm';
import type { Reviewer } from '../../../shared/api/reviews';
import type { ServiceContext } from '../../context';
import { reviewers } from '../../db/schema';
import { findOwnContract } from '../../policies/scope';
import { presentReviewer } from '../../presenters/review';

/** A contract's external reviewers, in the order they were first invited. */
export async function listReviewers(ctx: ServiceContext, contractId: string): Promise<{ items: Reviewer[] }> {
  const contract = await findOwnContract(ctx.db, ctx.actor, contractId, { kind: 'contract', content: false });
  const rows = await ctx.db
    .select()
    .from(reviewers)
    .where(eq(reviewers.contractId, contract.id))
    .orderBy(asc(reviewers.createdAt), asc(reviewers.email));
  return { items: rows.map(presentReviewer) };
}
