import { eq } from 'drizzle-orm';
import type { Profile } from '../../../shared/api/profile';
import type { Actor } from '../../actor';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { getProfile } from './get-profile';

/** Goes back to the default icon. */
export async function removeAvatar(db: Database, actor: Actor): Promise<Profile> {
  await db.update(users).set({ avatarUrl: null, updatedAt: new Date() }).where(eq(users.id, actor.userId));
  return getProfile(db, actor);
}
