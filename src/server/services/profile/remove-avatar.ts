import { eq } from 'drizzle-orm';
import type { ServiceContext } from '../../context';
import { users } from '../../db/schema';

/** Goes back to the default icon. */
export async function removeAvatar(ctx: ServiceContext): Promise<void> {
  const { db, actor } = ctx;
  await db.update(users).set({ avatarUrl: null, updatedAt: new Date() }).where(eq(users.id, actor.userId));
}
