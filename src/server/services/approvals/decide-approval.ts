import { eq } from 'drizzle-orm';
import type { ApprovalDecisionInput } from '../../../shared/api/approvals';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import { contractApprovals } from '../../db/schema';
import { findOwnContract } from '../../policies/scope';
import { authorOf } from '../history/author-of';
import { transition } from '../lifecycle/transition';
import { checkRevision } from '../versions/check-revision';
import { actsFor, approvalSlots } from './approval-state';
import { approvalSubject } from './approval-subject';

/**
 * An approver approves or rejects a draft as they read it (a rejection says why): the revision
 * they read must still be the stored one, else 409 CONTRACT_CHANGED and nothing is decided, so a
 * change made while they were reading is never approved unseen. The decision is recorded for
 * every open approval the person may give: their own, and "any admin" for an admin. It is tied to
 * the hash of the title and content decided on, so any later change undoes it.
 */
export async function decideApproval(
  ctx: ServiceContext,
  contractId: string,
  input: ApprovalDecisionInput,
): Promise<void> {
  const { db, actor } = ctx;
  if (actor.apiToken) {
    throw new AppError('FORBIDDEN', 'Approvals are given by a person, not by an API token');
  }
  const approve = input.decision === 'approve';
  const comment = (input.comment ?? '').trim();
  await db.transaction(async (tx) => {
    const contract = await findOwnContract(tx, actor, contractId, {
      kind: 'contract',
      forUpdate: true,
      content: false,
    });
    if (contract.status !== 'draft') {
      throw new AppError(
        'APPROVAL_NOT_OPEN',
        `This contract is ${contract.status}; there is nothing to approve`,
      );
    }
    const mine = (await approvalSlots(tx, contract)).filter((entry) => actsFor(actor, entry.slot));
    if (mine.length === 0) {
      throw new AppError('FORBIDDEN', 'You are not among the approvers of this contract');
    }
    const open = mine.filter(
      (entry) => entry.row && (entry.status === 'requested' || entry.status === 'withdrawn'),
    );
    if (open.length === 0) {
      throw new AppError(
        'APPROVAL_NOT_OPEN',
        mine.some((entry) => entry.row)
          ? 'You already decided on this version; a new request is needed first'
          : 'Approval of this contract has not been requested yet',
      );
    }
    await checkRevision(
      tx,
      contract,
      input.baseRevision,
      'Nothing was decided: read it again, then approve or reject.',
    );
    const subject = await approvalSubject(tx, contract.id);
    const now = new Date();
    const author = authorOf(actor);
    for (const entry of open) {
      if (!entry.row) continue;
      await tx
        .update(contractApprovals)
        .set({
          status: approve ? 'approved' : 'rejected',
          decidedBy: actor.userId,
          decidedByName: author.userName,
          decidedAt: now,
          comment: comment || null,
          subjectHash: subject.hash,
          version: subject.version,
          updatedAt: now,
        })
        .where(eq(contractApprovals.id, entry.row.id));
    }
    const requesters = [...new Set(open.flatMap((entry) => entry.row?.requestedBy ?? []))];
    await transition(tx, {
      contract,
      step: approve ? 'approval.approved' : 'approval.rejected',
      facts: {
        actorId: actor.userId,
        actorName: author.userName,
        requesterIds: requesters.join(','),
        version: subject.version === null ? null : String(subject.version),
        asAdmin: open.some((entry) => entry.slot.approverId === null),
        // Worded in the history only: event data reaches webhooks, and the comment is internal.
        comment,
      },
      author,
      at: now,
    });
  });
}
