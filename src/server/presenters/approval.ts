import type { ApprovalRule, ContractApproval } from '../../shared/api/approvals';
import type { ContractApprovalRow } from '../db/schema';

/** One required approval: who (approverId null for "any admin"), its row once requested, its status. */
export type SlotState = {
  slot: { approverId: string | null; name: string };
  row: ContractApprovalRow | null;
  status: ContractApproval['approvers'][number]['status'];
};

type RuleRow = {
  id: string;
  projectId: string | null;
  projectName: string | null;
  anyAdmin: boolean;
  createdAt: Date;
  updatedAt: Date;
};

export function presentApprovalRule(
  rule: RuleRow,
  approvers: { id: string; name: string; email: string }[],
): ApprovalRule {
  return {
    id: rule.id,
    project: rule.projectId ? { id: rule.projectId, name: rule.projectName ?? '' } : null,
    anyAdmin: rule.anyAdmin,
    approvers: approvers.map((person) => ({ id: person.id, name: person.name, email: person.email })),
    createdAt: rule.createdAt.toISOString(),
    updatedAt: rule.updatedAt.toISOString(),
  };
}

export function presentContractApproval(input: {
  state: ContractApproval['state'];
  states: SlotState[];
  blocking: string | null;
  canRequest: boolean;
  projectLock: string | null;
  canDecide: (entry: SlotState) => boolean;
}): ContractApproval {
  // The latest request (a new request of some approvers keeps others' earlier approvals).
  const requested = input.states
    .map((entry) => entry.row)
    .filter((row) => row !== null)
    .sort((a, b) => b.requestedAt.getTime() - a.requestedAt.getTime())[0];
  return {
    state: input.state,
    approvers: input.states.map((entry) => {
      const decided = entry.row?.decidedAt ? entry.row : null;
      return {
        approver: entry.slot.approverId ? { id: entry.slot.approverId, name: entry.slot.name } : null,
        anyAdmin: entry.slot.approverId === null,
        status: entry.status,
        comment: decided?.comment ?? null,
        decidedBy: decided ? { id: decided.decidedBy, name: decided.decidedByName ?? '' } : null,
        decidedAt: decided?.decidedAt?.toISOString() ?? null,
        version: decided?.version ?? null,
        canDecide: input.canDecide(entry),
      };
    }),
    requestedBy: requested ? { id: requested.requestedBy, name: requested.requestedByName } : null,
    requestedAt: requested?.requestedAt.toISOString() ?? null,
    canRequest: input.canRequest,
    blocking: input.blocking,
    projectLock: input.projectLock,
  };
}
