import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ImageType } from '../../../shared/api/images';
import type {
  OrganizationSettings,
  updateOrganizationSettingsBodySchema,
} from '../../../shared/api/settings';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import { organizations } from '../../db/schema';
import { requireAdmin } from '../../policies/roles';
import { presentOrganizationSettings } from '../../presenters/organization';
import { imageDataUrl } from '../images/image-data-url';

export async function getOrganizationSettings(ctx: ServiceContext): Promise<OrganizationSettings> {
  const { db, actor } = ctx;
  const [row] = await db
    .select({
      name: organizations.name,
      logoUrl: organizations.logoUrl,
      signingExpiryDays: organizations.signingExpiryDays,
      reminderIntervalDays: organizations.reminderIntervalDays,
      delegation: organizations.delegation,
    })
    .from(organizations)
    .where(eq(organizations.id, actor.organizationId));
  if (!row) throw new AppError('NOT_FOUND', 'Organization not found');
  return presentOrganizationSettings(row);
}

/** Name and signing defaults. Admins only. */
export async function updateOrganizationSettings(
  ctx: ServiceContext,
  input: z.infer<typeof updateOrganizationSettingsBodySchema>,
): Promise<void> {
  const { db, actor } = ctx;
  requireAdmin(actor, 'change the organization settings');
  await db
    .update(organizations)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(organizations.id, actor.organizationId));
}

/**
 * Stores the logo as a data URL after checking its size and that its bytes are what its type
 * says (no SVG: it can carry scripts). Admins only.
 */
export async function setOrganizationLogo(
  ctx: ServiceContext,
  input: { type: ImageType; data: string },
): Promise<void> {
  const { db, actor } = ctx;
  requireAdmin(actor, 'change the organization logo');
  const logoUrl = imageDataUrl(input, 'logo');
  await db
    .update(organizations)
    .set({ logoUrl, updatedAt: new Date() })
    .where(eq(organizations.id, actor.organizationId));
}

export async function removeOrganizationLogo(ctx: ServiceContext): Promise<void> {
  const { db, actor } = ctx;
  requireAdmin(actor, 'change the organization logo');
  await db
    .update(organizations)
    .set({ logoUrl: null, updatedAt: new Date() })
    .where(eq(organizations.id, actor.organizationId));
}
