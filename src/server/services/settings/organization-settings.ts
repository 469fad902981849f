import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type logoTypes,
  maxLogoBytes,
  type OrganizationSettings,
  type updateOrganizationSettingsBodySchema,
} from '../../../shared/api/settings';
import { AppError } from '../../../shared/errors';
import type { Actor } from '../../actor';
import type { Database } from '../../db/client';
import { organizations } from '../../db/schema';
import { requireAdmin } from '../../policies/roles';

export async function getOrganizationSettings(db: Database, actor: Actor): Promise<OrganizationSettings> {
  const [row] = await db
    .select({
      name: organizations.name,
      logoUrl: organizations.logoUrl,
      signingExpiryDays: organizations.signingExpiryDays,
      reminderIntervalDays: organizations.reminderIntervalDays,
    })
    .from(organizations)
    .where(eq(organizations.id, actor.organizationId));
  if (!row) throw new AppError('NOT_FOUND', 'Organization not found');
  return row;
}

/** Name and signing defaults. Admins only. */
export async function updateOrganizationSettings(
  db: Database,
  actor: Actor,
  input: z.infer<typeof updateOrganizationSettingsBodySchema>,
): Promise<OrganizationSettings> {
  requireAdmin(actor, 'change the organization settings');
  await db
    .update(organizations)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(organizations.id, actor.organizationId));
  return getOrganizationSettings(db, actor);
}

/** The file's first bytes, which a renamed or mislabelled file cannot fake. */
const signatures: Record<(typeof logoTypes)[number], (bytes: Buffer) => boolean> = {
  'image/png': (bytes) =>
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (bytes) => bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff,
  'image/webp': (bytes) =>
    bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP',
};

/**
 * Stores the logo as a data URL after checking its size and that its bytes are what its type
 * says (no SVG: it can carry scripts). Admins only.
 */
export async function setOrganizationLogo(
  db: Database,
  actor: Actor,
  input: { type: (typeof logoTypes)[number]; data: string },
): Promise<OrganizationSettings> {
  requireAdmin(actor, 'change the organization logo');
  const bytes = Buffer.from(input.data, 'base64');
  if (bytes.length === 0) throw new AppError('INVALID_INPUT', 'The logo file is empty', 'logo');
  if (bytes.length > maxLogoBytes)
    throw new AppError('INVALID_INPUT', 'The logo must be at most 200 KB', 'logo');
  if (!signatures[input.type](bytes)) {
    throw new AppError('INVALID_INPUT', 'The file is not the image it claims to be', 'logo');
  }
  await db
    .update(organizations)
    .set({ logoUrl: `data:${input.type};base64,${bytes.toString('base64')}`, updatedAt: new Date() })
    .where(eq(organizations.id, actor.organizationId));
  return getOrganizationSettings(db, actor);
}

export async function removeOrganizationLogo(db: Database, actor: Actor): Promise<OrganizationSettings> {
  requireAdmin(actor, 'change the organization logo');
  await db
    .update(organizations)
    .set({ logoUrl: null, updatedAt: new Date() })
    .where(eq(organizations.id, actor.organizationId));
  return getOrganizationSettings(db, actor);
}
