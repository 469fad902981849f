import type { CompareQuery, Redline } from '../../../shared/api/versions';
import type { ServiceContext } from '../../context';
import { findOwnContract } from '../../policies/scope';
import { presentVersionSummary } from '../../presenters/version';
import { findVersion } from './find-version';

/** Two versions of a contract compared as a redline (from the earlier to the later, as asked). */
export async function compareVersions(
  ctx: ServiceContext<'content'>,
  contractId: string,
  query: CompareQuery,
): Promise<Redline> {
  const contract = await findOwnContract(ctx.db, ctx.actor, contractId, { content: false });
  const [from, to] = await Promise.all([
    findVersion(ctx.db, contract.id, query.from),
    findVersion(ctx.db, contract.id, query.to),
  ]);
  const redline = await ctx.content.compare(from.content, to.content);
  return {
    from: presentVersionSummary(from),
    to: presentVersionSummary(to),
    document: redline.document,
    summary: redline.summary,
  };
}
