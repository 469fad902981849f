import { eq } from 'drizzle-orm';
import type { Profile } from '../../../shared/api/profile';
import type { ServiceContext } from '../../context';
import { users } from '../../db/schema';
import { getProfile } from './get-profile';

/** Goes back to the default icon. */
export async function removeAvatar(ctx: ServiceContext): Promise<Profile> {
  const { db, actor } = ctx;
  await db.update(users).set({ avatarUrl: null, updatedAt: new Date() }).where(eq(users.id, actor.userId));
  return getProfile(ctx);
}
