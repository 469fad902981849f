import type { Reviewer } from '../../../shared/api/reviews';
import type { ServiceContext } from '../../context';
import { findOwnContract } from '../../policies/scope';
import { presentReviewer } from '../../presenters/review';
import { reviewersOf } from './send-for-review';

/** A contract's external reviewers. */
export async function listReviewers(ctx: ServiceContext, contractId: string): Promise<{ items: Reviewer[] }> {
  const contract = await findOwnContract(ctx.db, ctx.actor, contractId, { kind: 'contract' });
  return { items: (await reviewersOf(ctx.db, contract.id)).map(presentReviewer) };
}
