import { AppError } from '../../shared/errors';
import { type ContractStatus, isEditable } from '../../shared/statuses';

/**
 * Whether a reviewer may still act on the contract they review: not once their access was closed
 * (a newer round, or the draft sent for signing) or the contract is no longer a draft. The one
 * wording of the refusal, for every reviewer route (suggestions, comments, the page itself).
 */
export function assertReviewOpen(
  reviewer: { closedAt: Date | null },
  contract: { status: ContractStatus },
): void {
  if (reviewer.closedAt || !isEditable(contract.status)) {
    throw new AppError(
      'REVIEW_CLOSED',
      'This review has ended: the contract is no longer a draft open for review.',
    );
  }
}
