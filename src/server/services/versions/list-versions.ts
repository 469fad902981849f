import { desc, eq, getTableColumns } from 'drizzle-orm';
import type { VersionList } from '../../../shared/api/versions';
import type { ServiceContext } from '../../context';
import { contractVersions } from '../../db/schema';
import { findOwnContract } from '../../policies/scope';
import { presentVersionSummary } from '../../presenters/version';

const { content: _content, ...summaryColumns } = getTableColumns(contractVersions);

/** A contract's versions, newest first, without their content. */
export async function listVersions(ctx: ServiceContext, contractId: string): Promise<VersionList> {
  const contract = await findOwnContract(ctx.db, ctx.actor, contractId, { content: false });
  const rows = await ctx.db
    .select(summaryColumns)
    .from(contractVersions)
    .where(eq(contractVersions.contractId, contract.id))
    .orderBy(desc(contractVersions.number));
  return { items: rows.map(presentVersionSummary) };
}
