import { desc } from 'drizzle-orm';
import type { ProjectSummary } from '../../../shared/api/projects';
import type { ServiceContext } from '../../context';
import { projects } from '../../db/schema';
import { ownProjects } from '../../policies/scope';
import { presentProjectSummary } from '../../presenters/project';
import { contractCountsByProject } from './project-counts';

/** The organization's projects, most recently updated first; limit for the dashboard's few. */
export async function listProjects(ctx: ServiceContext, limit?: number): Promise<ProjectSummary[]> {
  const { db, actor } = ctx;
  const query = db
    .select()
    .from(projects)
    .where(ownProjects(actor))
    .orderBy(desc(projects.updatedAt), desc(projects.id));
  const rows = limit === undefined ? await query : await query.limit(limit);
  const counts = await contractCountsByProject(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => presentProjectSummary(row, counts.get(row.id) ?? 0));
}
