import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

/** The name and e-mail of the user who created a contract (its sender), if they still exist. */
export async function contractOwner(
  db: Database,
  createdBy: string | null,
): Promise<{ name: string; email: string } | null> {
  if (!createdBy) return null;
  const [user] = await db
    .select({ name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, createdBy));
  return user ?? null;
}
