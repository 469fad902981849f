import { and, desc, eq } from 'drizzle-orm';
import type { Project } from '../../../shared/api/projects';
import type { ServiceContext } from '../../context';
import { contractStatusCounts, contracts } from '../../db/schema';
import { findOwnProject } from '../../policies/scope';
import { contractSummaryColumns } from '../../presenters/contract';
import { presentProject } from '../../presenters/project';
import { loadSigners } from '../contracts/load-signers';

const contractsShown = 50;

/** A project with its own status counts and its most recently updated contracts. */
export async function getProject(ctx: ServiceContext, id: string): Promise<Project> {
  const { db, actor } = ctx;
  const project = await findOwnProject(db, actor, id);
  const inProject = and(eq(contracts.projectId, project.id), eq(contracts.isTemplate, false));
  const [statusRows, rows] = await Promise.all([
    db
      .select({ status: contractStatusCounts.status, count: contractStatusCounts.count })
      .from(contractStatusCounts)
      .where(eq(contractStatusCounts.projectId, project.id)),
    db
      .select(contractSummaryColumns)
      .from(contracts)
      .where(inProject)
      .orderBy(desc(contracts.updatedAt), desc(contracts.id))
      .limit(contractsShown),
  ]);
  const signersByContract = await loadSigners(
    db,
    rows.map((row) => row.id),
  );
  return presentProject(
    project,
    statusRows,
    rows.map((row) => ({ row, signers: signersByContract.get(row.id) ?? [] })),
  );
}
