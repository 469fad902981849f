import type { SendForReviewInput } from '../../../shared/api/reviews';
import { AppError } from '../../../shared/errors';
import { isEditable } from '../../../shared/statuses';
import type { ServiceContext } from '../../context';
import { reviewers } from '../../db/schema';
import { findOwnContract } from '../../policies/scope';
import { authorOf } from '../history/author-of';
import { transition } from '../lifecycle/transition';
import { consumeOutgoingMail } from '../rate-limits/outgoing-mail-limits';
import { newLinkToken } from '../signing/link-token';
import { checkRevision } from '../versions/check-revision';
import { recordVersion } from '../versions/record-version';

/**
 * Sends a draft for a review round: its content becomes a version of its own (the round is that
 * version's number), and each reviewer, new or invited before, is (re)invited. The invitation
 * e-mails are a reaction to the recorded event; each carries a fresh link made when it is sent.
 */
export async function sendForReview(
  ctx: ServiceContext,
  contractId: string,
  input: SendForReviewInput,
): Promise<void> {
  const { db, actor } = ctx;
  await db.transaction(async (tx) => {
    const contract = await findOwnContract(tx, actor, contractId, {
      kind: 'contract',
      forUpdate: true,
      content: false,
    });
    if (!isEditable(contract.status)) {
      throw new AppError(
        'CONTRACT_NOT_EDITABLE',
        `This contract is ${contract.status}; only a draft can be reviewed`,
      );
    }
    await checkRevision(tx, contract, input.baseRevision);
    const now = new Date();
    await consumeOutgoingMail(tx, contract.organizationId, 'reviewRounds', 1, now);
    await consumeOutgoingMail(tx, contract.organizationId, 'reviewRecipients', input.reviewers.length, now);
    const author = authorOf(actor);
    const version = await recordVersion(tx, {
      contractId: contract.id,
      kind: 'review',
      author: { id: actor.userId, name: author.userName },
      at: now,
    });
    for (const reviewer of input.reviewers) {
      await tx
        .insert(reviewers)
        .values({
          contractId: contract.id,
          name: reviewer.name,
          email: reviewer.email,
          // A hash no link has: the e-mail makes the real link when it is sent.
          tokenHash: newLinkToken().hash,
          invitedBy: actor.userId,
          invitedAt: now,
          round: version.number,
        })
        .onConflictDoUpdate({
          target: [reviewers.contractId, reviewers.email],
          set: {
            name: reviewer.name,
            invitedBy: actor.userId,
            invitedAt: now,
            round: version.number,
            closedAt: null,
          },
        });
    }
    await transition(tx, {
      contract,
      step: 'review.sent',
      facts: {
        round: String(version.number),
        reviewerNames: input.reviewers.map((reviewer) => reviewer.name).join(', '),
      },
      author,
      at: now,
    });
  });
}
