import type { ContractApproval } from '../../../shared/api/approvals';
import type { ServiceContext } from '../../context';
import { findOwnContract } from '../../policies/scope';
import { approvalStateOf } from './approval-state';

/** Who must approve a contract, where each stands, and what the caller may do about it. */
export async function getContractApproval(
  ctx: ServiceContext,
  contractId: string,
): Promise<ContractApproval> {
  const contract = await findOwnContract(ctx.db, ctx.actor, contractId, { kind: 'contract', content: false });
  return approvalStateOf(ctx.db, ctx.actor, contract);
}
