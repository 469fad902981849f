import { eq } from 'drizzle-orm';
import type { UpdateProjectInput } from '../../../shared/api/projects';
import type { Actor } from '../../actor';
import type { Database } from '../../db/client';
import { projects } from '../../db/schema';
import { findOwnProject } from '../../policies/scope';

/** Merges the given fields into a project. */
export async function updateProject(
  db: Database,
  actor: Actor,
  id: string,
  input: UpdateProjectInput,
): Promise<void> {
  const project = await findOwnProject(db, actor, id);
  await db
    .update(projects)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(projects.id, project.id));
}
