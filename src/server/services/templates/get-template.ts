import type { Contract } from '../../../shared/api/contracts';
import type { ServiceContext } from '../../context';
import { findOwnContract } from '../../policies/scope';
import { getContract } from '../contracts/get-contract';

/** A template of the actor's organization; a contract, a foreign or a missing id is 'Template not found'. */
export async function getTemplate(ctx: ServiceContext, id: string): Promise<Contract> {
  const { db, actor } = ctx;
  await findOwnContract(db, actor, id, { kind: 'template', content: false });
  return getContract(ctx, id);
}
