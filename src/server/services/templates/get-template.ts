import type { Contract } from '../../../shared/api/contracts';
import type { Actor } from '../../actor';
import type { Database } from '../../db/client';
import { findOwnContract } from '../../policies/scope';
import { getContract } from '../contracts/get-contract';

/** A template of the actor's organization; a contract, a foreign or a missing id is 'Template not found'. */
export async function getTemplate(db: Database, actor: Actor, id: string): Promise<Contract> {
  await findOwnContract(db, actor, id, { kind: 'template' });
  return getContract(db, actor, id);
}
