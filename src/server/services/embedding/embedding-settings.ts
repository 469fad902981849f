import { eq } from 'drizzle-orm';
import type { EmbeddingSettings } from '../../../shared/api/embedding';
import * as clock from '../../clock';
import type { ServiceContext } from '../../context';
import { organizations } from '../../db/schema';
import { requireAdmin } from '../../policies/roles';

/** The web origins whose pages may frame the organization's signing page (for API-made embedded recipients). */
export async function getEmbeddingSettings(ctx: ServiceContext): Promise<EmbeddingSettings> {
  const [row] = await ctx.db
    .select({ origins: organizations.embedOrigins })
    .from(organizations)
    .where(eq(organizations.id, ctx.actor.organizationId));
  return { origins: row?.origins ?? [] };
}

/** Sets that list (admins): origins already normalized by the request's schema. */
export async function updateEmbeddingSettings(
  ctx: ServiceContext,
  origins: string[],
): Promise<EmbeddingSettings> {
  requireAdmin(ctx.actor, 'change which sites may embed the signing page');
  await ctx.db
    .update(organizations)
    .set({ embedOrigins: origins, updatedAt: clock.now() })
    .where(eq(organizations.id, ctx.actor.organizationId));
  return getEmbeddingSettings(ctx);
}
