import { eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import { contractApprovals } from '../../db/schema';
import { findOwnContract } from '../../policies/scope';
import { authorOf } from '../history/author-of';
import { transition } from '../lifecycle/transition';
import { approvalSlots } from './approval-state';
import { approvalSubject } from './approval-subject';

/**
 * Asks the approvers the rules name to approve a draft as it is now. Those who already approved
 * this very title and content keep their approval; everyone else (never asked, rejected,
 * withdrawn, or still asked: a reminder) is asked again, and told through the
 * `approval.requested` event.
 */
export async function requestApproval(ctx: ServiceContext, contractId: string): Promise<void> {
  const { db, actor } = ctx;
  await db.transaction(async (tx) => {
    const contract = await findOwnContract(tx, actor, contractId, {
      kind: 'contract',
      forUpdate: true,
      content: false,
    });
    if (contract.status !== 'draft') {
      throw new AppError(
        'APPROVAL_NOT_OPEN',
        `This contract is ${contract.status}; approval is asked for drafts`,
      );
    }
    const states = await approvalSlots(tx, contract);
    if (states.length === 0) {
      throw new AppError(
        'APPROVAL_NOT_OPEN',
        'No approval rule covers this contract: it can be sent as it is',
      );
    }
    const asked = states.filter((entry) => entry.status !== 'approved');
    if (asked.length === 0) {
      throw new AppError('APPROVAL_NOT_OPEN', 'Everyone has already approved this version');
    }
    const subject = await approvalSubject(tx, contract.id);
    const now = new Date();
    const author = authorOf(actor);
    const request = {
      status: 'requested' as const,
      approverName: '',
      requestedBy: actor.userId,
      requestedByName: author.userName,
      requestedAt: now,
      decidedBy: null,
      decidedByName: null,
      decidedAt: null,
      comment: null,
      subjectHash: null,
      version: null,
      updatedAt: now,
    };
    for (const entry of asked) {
      const values = { ...request, approverName: entry.slot.name };
      if (entry.row) {
        await tx.update(contractApprovals).set(values).where(eq(contractApprovals.id, entry.row.id));
      } else {
        await tx
          .insert(contractApprovals)
          .values({ ...values, contractId: contract.id, approverId: entry.slot.approverId, createdAt: now });
      }
    }
    const names = asked.map((entry) => entry.slot.name).join(', ');
    await transition(tx, {
      contract,
      step: 'approval.requested',
      facts: {
        approverIds: asked.flatMap((entry) => entry.slot.approverId ?? []).join(','),
        anyAdmin: asked.some((entry) => entry.slot.approverId === null) ? 'true' : 'false',
        actorId: actor.userId,
        actorName: author.userName,
        version: subject.version === null ? null : String(subject.version),
        approverNames: names,
      },
      author,
      at: now,
    });
  });
}
