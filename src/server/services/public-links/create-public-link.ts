import type { CreatePublicLinkInput } from '../../../shared/api/public-links';
import type { ServiceContext } from '../../context';
import { publicLinks } from '../../db/schema';
import { findOwnContract, findOwnProject } from '../../policies/scope';
import { sealSecret } from '../settings/secret-box';
import { newLinkToken } from '../signing/link-token';
import { publicLinkSealPurpose } from './get-public-link';
import { checkVisitorRole } from './visitor-role';

/**
 * Publishes a template at a new link: 256 random bits, kept as their SHA-256 (to find the link)
 * and sealed (to show the owner the link again), never in the clear. The template must be one a
 * visitor can sign alone in the chosen role (visitor-role.ts); the project, when chosen, is the
 * organization's own.
 */
export async function createPublicLink(
  ctx: ServiceContext<'secret'>,
  templateId: string,
  input: CreatePublicLinkInput,
): Promise<{ id: string }> {
  const { db, actor } = ctx;
  const template = await findOwnContract(db, actor, templateId, { kind: 'template', content: false });
  await checkVisitorRole(db, template.id, input.roleNumber);
  if (input.projectId) await findOwnProject(db, actor, input.projectId, { field: 'projectId' });
  const { token, hash } = newLinkToken();
  const [row] = await db
    .insert(publicLinks)
    .values({
      organizationId: actor.organizationId,
      templateId: template.id,
      roleNumber: input.roleNumber,
      projectId: input.projectId,
      name: input.name,
      tokenHash: hash,
      tokenSealed: sealSecret(ctx.secret, publicLinkSealPurpose, token),
      expiresAt: input.expiresAt ? new Date(input.expiresAt) : null,
      maxPerDay: input.maxPerDay,
      maxTotal: input.maxTotal,
      requireEmailCode: input.requireEmailCode,
      embedOrigins: input.embedOrigins,
      createdBy: actor.userId,
    })
    .returning({ id: publicLinks.id });
  if (!row) throw new Error('The public link was not stored');
  return row;
}
