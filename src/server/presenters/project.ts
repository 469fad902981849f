import type { ProjectSummary } from '../../shared/api/projects';
import type { projects } from '../db/schema';

type ProjectRow = typeof projects.$inferSelect;

export function presentProjectSummary(row: ProjectRow, contractCount: number): ProjectSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    contractCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
