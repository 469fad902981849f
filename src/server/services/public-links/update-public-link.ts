import { eq } from 'drizzle-orm';
import type { UpdatePublicLinkInput } from '../../../shared/api/public-links';
import * as clock from '../../clock';
import type { ServiceContext } from '../../context';
import { publicLinks } from '../../db/schema';
import { findOwnProject, findOwnPublicLink } from '../../policies/scope';
import { checkVisitorRole } from './visitor-role';

/**
 * Changes a link's settings, or turns it off (it then answers as an unknown link) or on again
 * (checking again that its template can still be signed by a visitor). Its scope, the template
 * and the role, stays: a link for another role is another link.
 */
export async function updatePublicLink(
  ctx: ServiceContext,
  id: string,
  input: UpdatePublicLinkInput,
): Promise<void> {
  const { db, actor } = ctx;
  await db.transaction(async (tx) => {
    const link = await findOwnPublicLink(tx, actor, id, { forUpdate: true });
    if (input.enabled === true && !link.enabled) await checkVisitorRole(tx, link.templateId, link.roleNumber);
    if (input.projectId) await findOwnProject(tx, actor, input.projectId, { field: 'projectId' });
    await tx
      .update(publicLinks)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.projectId !== undefined ? { projectId: input.projectId } : {}),
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        ...(input.expiresAt !== undefined
          ? { expiresAt: input.expiresAt === null ? null : new Date(input.expiresAt) }
          : {}),
        ...(input.maxPerDay !== undefined ? { maxPerDay: input.maxPerDay } : {}),
        ...(input.maxTotal !== undefined ? { maxTotal: input.maxTotal } : {}),
        ...(input.requireEmailCode !== undefined ? { requireEmailCode: input.requireEmailCode } : {}),
        ...(input.embedOrigins !== undefined ? { embedOrigins: input.embedOrigins } : {}),
        updatedAt: clock.now(),
      })
      .where(eq(publicLinks.id, link.id));
  });
}
