import { desc } from 'drizzle-orm';
import type { ProjectSummary } from '../../../shared/api/projects';
import type { Actor } from '../../actor';
import type { Database } from '../../db/client';
import { projects } from '../../db/schema';
import { ownProjects } from '../../policies/scope';
import { presentProjectSummary } from '../../presenters/project';
import { contractCountsByProject } from './project-counts';

/** The organization's projects, most recently updated first; limit for the dashboard's few. */
export async function listProjects(db: Database, actor: Actor, limit?: number): Promise<ProjectSummary[]> {
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
