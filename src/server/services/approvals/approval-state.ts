import { eq } from 'drizzle-orm';
import type { ContractApproval } from '../../../shared/api/approvals';
import type { Actor } from '../../actor';
import type { Database } from '../../db/client';
import { type ContractRow, contractApprovals } from '../../db/schema';
import { presentContractApproval, type SlotState } from '../../presenters/approval';
import { approvalSubject } from './approval-subject';
import { projectMoveRefusal } from './project-move';
import { type ApproverSlot, requiredApprovers } from './required-approvers';

type ApprovalContract = Pick<ContractRow, 'id' | 'organizationId' | 'projectId' | 'isTemplate' | 'status'>;

export type { SlotState };

/**
 * A contract's approvals as they stand: for a draft, what the rules ask now, each matched with its
 * row; an approval given for another title or content than the current one counts as withdrawn.
 * Once sent, what was recorded.
 */
export async function approvalSlots(db: Database, contract: ApprovalContract): Promise<SlotState[]> {
  const rows = await db.select().from(contractApprovals).where(eq(contractApprovals.contractId, contract.id));
  const slots =
    contract.status === 'draft'
      ? await requiredApprovers(db, contract)
      : rows.map((row) => ({ approverId: row.approverId, name: row.approverName }));
  if (slots.length === 0) return [];
  const subject = await approvalSubject(db, contract.id);
  return slots.map((slot) => {
    const row = rows.find((candidate) => candidate.approverId === slot.approverId) ?? null;
    const status = !row
      ? 'not_requested'
      : row.status === 'approved' && row.subjectHash !== subject.hash
        ? 'withdrawn'
        : row.status;
    return { slot, row, status };
  });
}

/** Whether the actor may decide for this approval: the named person, or any admin for "any admin". */
export function actsFor(actor: Actor, slot: ApproverSlot): boolean {
  if (actor.apiToken) return false;
  return slot.approverId === null ? actor.role === 'admin' : slot.approverId === actor.userId;
}

export function overallState(states: SlotState[]): ContractApproval['state'] {
  if (states.length === 0) return 'not_required';
  if (states.some((state) => state.status === 'rejected')) return 'rejected';
  if (states.every((state) => state.status === 'approved')) return 'approved';
  if (states.some((state) => state.status === 'not_requested')) return 'not_requested';
  return 'pending';
}

const listOf = (names: string[]) =>
  names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;

const nameOf = (slot: ApproverSlot) => (slot.approverId === null ? 'any admin' : slot.name);

/** Why a contract cannot be sent yet, naming who has not approved; null when it may be sent. */
export function approvalRefusal(states: SlotState[]): string | null {
  const state = overallState(states);
  if (state === 'not_required' || state === 'approved') return null;
  const rejected = states.filter((entry) => entry.status === 'rejected');
  if (rejected.length > 0) {
    const why = rejected
      .map((entry) => {
        const by = entry.row?.decidedByName ?? entry.slot.name;
        return entry.row?.comment ? `${by} ("${entry.row.comment}")` : by;
      })
      .join('; ');
    return `Approval was rejected by ${why}. Change the draft if needed and request approval again.`;
  }
  const missing = listOf(
    states.filter((entry) => entry.status !== 'approved').map((entry) => nameOf(entry.slot)),
  );
  if (state === 'not_requested')
    return `This contract needs approval before it is sent: request it from ${missing}.`;
  return `This contract needs approval before it is sent: waiting for ${missing}.`;
}

/** The approval card's answer: who must approve, where each stands, and what the caller may do. */
export async function approvalStateOf(
  db: Database,
  actor: Actor,
  contract: ApprovalContract,
): Promise<ContractApproval> {
  const states = await approvalSlots(db, contract);
  const draft = contract.status === 'draft' && !contract.isTemplate;
  const state = overallState(states);
  return presentContractApproval({
    state,
    states,
    blocking: draft ? approvalRefusal(states) : null,
    canRequest: draft && state !== 'not_required' && state !== 'approved',
    projectLock: (await projectMoveRefusal(db, actor, contract))?.message ?? null,
    canDecide: (entry) =>
      draft &&
      entry.row !== null &&
      (entry.status === 'requested' || entry.status === 'withdrawn') &&
      actsFor(actor, entry.slot),
  });
}
