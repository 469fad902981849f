import { asc } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Database } from '../../db/client';
import { projects } from '../../db/schema';
import { findOwnProject, ownProjects } from '../../policies/scope';

/**
 * The project a new contract goes to: the one asked for (which must be the organization's own),
 * else the organization's first project, else a 'General' project made for it.
 */
export async function resolveProjectId(
  tx: Database,
  actor: Actor,
  requested: string | undefined,
): Promise<string> {
  // Locked for share: a concurrent delete of this project waits, then sees the new contract in it.
  if (requested)
    return (await findOwnProject(tx, actor, requested, { field: 'projectId', lock: 'share' })).id;
  const [first] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(ownProjects(actor))
    .orderBy(asc(projects.createdAt), asc(projects.id))
    .limit(1);
  if (first) return first.id;
  const now = new Date();
  const [created] = await tx
    .insert(projects)
    .values({
      organizationId: actor.organizationId,
      name: 'General',
      createdBy: actor.userId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: projects.id });
  if (!created) throw new Error('Creating the General project returned nothing');
  return created.id;
}
