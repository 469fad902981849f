import { eq } from 'drizzle-orm';
import type { CreateProjectInput } from '../../../shared/api/projects';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import { projects } from '../../db/schema';

/** Creates an empty project. Repeating the same client-chosen id returns the first one. */
export async function createProject(
  ctx: ServiceContext,
  input: CreateProjectInput,
): Promise<{ id: string; created: boolean }> {
  const { db, actor } = ctx;
  const now = new Date();
  const [row] = await db
    .insert(projects)
    .values({
      ...(input.id ? { id: input.id } : {}),
      organizationId: actor.organizationId,
      name: input.name,
      description: input.description,
      createdBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: projects.id });
  if (row) return { id: row.id, created: true };
  const [existing] = input.id
    ? await db
        .select({ organizationId: projects.organizationId })
        .from(projects)
        .where(eq(projects.id, input.id))
    : [];
  if (input.id && existing?.organizationId === actor.organizationId) return { id: input.id, created: false };
  throw new AppError('ID_CONFLICT', 'This id is already in use', 'id');
}
