import { eq } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { organizations } from '../../../db/schema';

/** The name of the message's organization; null when it has none or it is gone (then no mail). */
export async function organizationNameOf(
  db: Database,
  organizationId: string | null,
): Promise<string | null> {
  if (!organizationId) return null;
  const [organization] = await db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return organization?.name ?? null;
}
