import { and, asc, desc, eq, sql, sum } from 'drizzle-orm';
import type { DashboardSummary } from '../../../shared/api/dashboard';
import { tallyStatusCounts } from '../../../shared/statuses';
import type { ServiceContext } from '../../context';
import { preparedOnce } from '../../db/prepared';
import { contractStatusCounts, contracts, projects, signers } from '../../db/schema';
import {
  ownContractsPrepared,
  ownProjectsPrepared,
  ownStatusCountsPrepared,
  scopeParams,
} from '../../policies/scope';
import {
  contractSummaryRelationColumns,
  presentContractSummary,
  signerRelationColumns,
} from '../../presenters/contract';
import { presentProjectSummary } from '../../presenters/project';

export const recentContractCount = 4;
export const recentProjectCount = 3;

// The first screen after sign-in: three prepared statements, run side by side.
const statusCounts = preparedOnce((db) =>
  db
    .select({ status: contractStatusCounts.status, count: sum(contractStatusCounts.count).mapWith(Number) })
    .from(contractStatusCounts)
    .where(ownStatusCountsPrepared)
    .groupBy(contractStatusCounts.status)
    .prepare('dashboard_status_counts'),
);

const recentContracts = preparedOnce((db) =>
  db.query.contracts
    .findMany({
      columns: contractSummaryRelationColumns,
      where: and(ownContractsPrepared, eq(contracts.isTemplate, false)),
      orderBy: [desc(contracts.updatedAt), desc(contracts.id)],
      limit: recentContractCount,
      with: {
        signers: {
          columns: signerRelationColumns,
          orderBy: [asc(signers.position), asc(signers.createdAt)],
        },
      },
    })
    .prepare('dashboard_recent_contracts'),
);

const recentProjects = preparedOnce((db) =>
  db
    .select({
      project: projects,
      contractCount:
        sql<number>`coalesce((select sum(${contractStatusCounts.count}) from ${contractStatusCounts}
        where ${contractStatusCounts.projectId} = ${projects.id}), 0)`.mapWith(Number),
    })
    .from(projects)
    .where(ownProjectsPrepared)
    .orderBy(desc(projects.updatedAt), desc(projects.id))
    .limit(recentProjectCount)
    .prepare('dashboard_recent_projects'),
);

/** Everything the dashboard shows, for one request. */
export async function getDashboardSummary(ctx: ServiceContext): Promise<DashboardSummary> {
  const { db, actor } = ctx;
  const params = scopeParams(actor);
  const [counts, contractRows, projectRows] = await Promise.all([
    statusCounts(db).execute(params),
    recentContracts(db).execute(params),
    recentProjects(db).execute(params),
  ]);
  return {
    counts: tallyStatusCounts(counts),
    recentContracts: contractRows.map((row) => presentContractSummary(row, row.signers)),
    recentProjects: projectRows.map((row) => presentProjectSummary(row.project, row.contractCount)),
  };
}
