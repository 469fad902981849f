import { and, eq, isNull } from 'drizzle-orm';
import { type CommentVisibility, commentVisibilities } from '../../shared/api/comments';
import { AppError } from '../../shared/errors';
import type { ServiceContext } from '../context';
import type { Database } from '../db/client';
import { contracts, reviewers } from '../db/schema';
import { findOwnContract } from './scope';

/**
 * Who comments: a signed-in team member (ServiceContext), or an external reviewer of one
 * contract (the reviewer its review cookie names; the review page builds this context).
 */
export type ReviewerCommentContext = { db: Database; reviewerId: string };
export type CommentContext = ServiceContext | ReviewerCommentContext;

export type CommentAuthor = {
  userId: string | null;
  reviewerId: string | null;
  name: string;
};

type ContractRow = typeof contracts.$inferSelect;

export type CommentAccess = {
  contract: ContractRow;
  author: CommentAuthor;
  /** The threads this author may read and write: a reviewer only ever has the shared ones. */
  visibilities: readonly CommentVisibility[];
};

const reviewerVisibilities: readonly CommentVisibility[] = ['shared'];

/**
 * The one place that decides whose comments are whose: a team member reaches the threads of
 * their organization's contracts, internal and shared; a reviewer reaches only the shared
 * threads of the contract they review, while their review is open. Anything else is not found.
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
    };
  }
  const [reviewer] = await db
    .select({ id: reviewers.id, name: reviewers.name })
    .from(reviewers)
    .where(
      and(eq(reviewers.id, ctx.reviewerId), eq(reviewers.contractId, contractId), isNull(reviewers.closedAt)),
    );
  if (!reviewer) throw new AppError('NOT_FOUND', 'Contract not found');
  const query = db.select().from(contracts).where(eq(contracts.id, contractId));
  const [contract] = options.forUpdate ? await query.for('update') : await query;
  if (!contract) throw new AppError('NOT_FOUND', 'Contract not found');
  return {
    contract,
    author: { userId: null, reviewerId: reviewer.id, name: reviewer.name },
    visibilities: reviewerVisibilities,
  };
}

/** A thread of a visibility the author may not write: a reviewer writing an internal one. */
export function assertMayWrite(access: CommentAccess, visibility: CommentVisibility): void {
  if (!access.visibilities.includes(visibility)) {
    throw new AppError('FORBIDDEN', 'Reviewers write only comments shared with both sides', 'visibility');
  }
}
