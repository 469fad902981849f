import type { Version } from '../../../shared/api/versions';
import type { ServiceContext } from '../../context';
import { findOwnContract } from '../../policies/scope';
import { presentVersion } from '../../presenters/version';
import { findVersion } from './find-version';

/** One version of a contract, with its content. */
export async function getVersion(ctx: ServiceContext, contractId: string, number: number): Promise<Version> {
  const contract = await findOwnContract(ctx.db, ctx.actor, contractId, { content: false });
  return presentVersion(await findVersion(ctx.db, contract.id, number));
}
