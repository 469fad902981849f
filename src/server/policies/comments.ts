import { eq } from 'drizzle-orm';
import { type CommentVisibility, commentVisibilities } from '../../shared/api/comments';
import { AppError } from '../../shared/errors';
import type { Actor } from '../actor';
import type { Database } from '../db/client';
import { type ContractRow, contracts, reviewers } from '../db/schema';
import { assertReviewOpen } from './reviews';
import { findOwnContract } from './scope';

/**
 * Who comments: a signed-in team member (what a ServiceContext holds), or an external reviewer of
 * one contract (the reviewer its review cookie names; the review page builds this context).
 */
export type ReviewerCommentContext = { db: Database; reviewerId: string };
export type CommentContext = { db: Database; actor: Actor } | ReviewerCommentContext;

export type CommentAuthor = {
  userId: string | null;
  reviewerId: string | null;
  name: string;
};

export type CommentAccess = {
  contract: ContractRow;
  author: CommentAuthor;
  /** The threads this author may read and write: a reviewer only ever has the shared ones. */
  visibilities: readonly CommentVisibility[];
  /**
   * A reviewer's round: the number of the version sent to them, the only text they read, so the
   * only one their threads are shown on and started on. Null for the team, who reads the draft.
   */
  round: number | null;
};

const reviewerVisibilities: readonly CommentVisibility[] = ['shared'];

/**
 * The one place that decides whose comments are whose: a team member reaches the threads of
 * their organization's contracts, internal and shared; a reviewer reaches only the shared
 * threads of the contract they review, while their review is open (after, 410 REVIEW_CLOSED).
 * Anything else is not found.
 */
export async function commentAccess(
  db: Database,
  ctx: CommentContext,
  contractId: string,
  options: { forUpdate?: boolean } = {},
): Promise<CommentAccess> {
  if ('actor' in ctx) {
    const contract = await findOwnContract(db, ctx.actor, contractId, {
      kind: 'contract',
      ...(options.forUpdate ? { forUpdate: true } : {}),
    });
    return {
      contract,
      author: { userId: ctx.actor.userId, reviewerId: null, name: ctx.actor.userName },
      visibilities: commentVisibilities,
      round: null,
    };
  }
  const query = db
    .select({
      reviewer: {
        id: reviewers.id,
        name: reviewers.name,
        round: reviewers.round,
        closedAt: reviewers.closedAt,
      },
      contract: contracts,
    })
    .from(reviewers)
    .innerJoin(contracts, eq(contracts.id, reviewers.contractId))
    .where(eq(reviewers.id, ctx.reviewerId));
  const [found] = options.forUpdate ? await query.for('update', { of: contracts }) : await query;
  if (!found || found.contract.id !== contractId) throw new AppError('NOT_FOUND', 'Contract not found');
  // A review that ended answers as every reviewer route does (410), not as a stranger's id.
  assertReviewOpen(found.reviewer, found.contract);
  const { reviewer, contract } = found;
  return {
    contract,
    author: { userId: null, reviewerId: reviewer.id, name: reviewer.name },
    visibilities: reviewerVisibilities,
    round: reviewer.round,
  };
}

/** A thread of a visibility the author may not write: a reviewer writing an internal one. */
export function assertMayWrite(access: CommentAccess, visibility: CommentVisibility): void {
  if (!access.visibilities.includes(visibility)) {
    throw new AppError('FORBIDDEN', 'Reviewers write only comments shared with both sides', 'visibility');
  }
}

/** The contract a reviewer reviews: their routes name only the reviewer. */
export async function reviewedContractId(db: Database, reviewerId: string): Promise<string> {
  const [found] = await db
    .select({ contractId: reviewers.contractId })
    .from(reviewers)
    .where(eq(reviewers.id, reviewerId));
  if (!found) throw new AppError('NOT_FOUND', 'This review does not exist.');
  return found.contractId;
}

/**
 * Who resolves and reopens a thread: a team member any of the contract's threads; a reviewer
 * only the threads they started, so the other side can close their own questions but never
 * mark the team's as settled.
 */
export function assertMayResolve(access: CommentAccess, startedBy: { reviewerId: string | null }): void {
  if (access.author.reviewerId && startedBy.reviewerId !== access.author.reviewerId) {
    throw new AppError('FORBIDDEN', 'Only the team, or the reviewer who started it, resolves a thread');
  }
}
