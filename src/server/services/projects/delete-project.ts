import { and, count, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import { contracts, projects } from '../../db/schema';
import { findOwnProject } from '../../policies/scope';

/** Deletes an empty project; one that still holds contracts is refused, so no contract is orphaned. */
export async function deleteProject(ctx: ServiceContext, id: string): Promise<void> {
  const { db, actor } = ctx;
  await db.transaction(async (tx) => {
    const project = await findOwnProject(tx, actor, id, { lock: 'update' });
    const [held] = await tx
      .select({ count: count() })
      .from(contracts)
      .where(and(eq(contracts.projectId, project.id), eq(contracts.isTemplate, false)));
    const n = held?.count ?? 0;
    if (n > 0) {
      throw new AppError(
        'PROJECT_NOT_EMPTY',
        `This project still holds ${n} contract${n === 1 ? '' : 's'}. Move or delete them before deleting the project.`,
      );
    }
    await tx.delete(projects).where(eq(projects.id, project.id));
  });
}
