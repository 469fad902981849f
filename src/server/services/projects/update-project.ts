import { eq } from 'drizzle-orm';
import type { UpdateProjectInput } from '../../../shared/api/projects';
import type { ServiceContext } from '../../context';
import { projects } from '../../db/schema';
import { findOwnProject } from '../../policies/scope';

/** Merges the given fields into a project. */
export async function updateProject(
  ctx: ServiceContext,
  id: string,
  input: UpdateProjectInput,
): Promise<void> {
  const { db, actor } = ctx;
  const project = await findOwnProject(db, actor, id);
  await db
    .update(projects)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(projects.id, project.id));
}
