import { eq } from 'drizzle-orm';
import type { Profile } from '../../../shared/api/profile';
import { AppError } from '../../../shared/errors';
import type { Actor } from '../../actor';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';

/** The signed-in user's own name, e-mail and avatar. */
export async function getProfile(db: Database, actor: Actor): Promise<Profile> {
  const [row] = await db
    .select({ name: users.name, email: users.email, avatarUrl: users.avatarUrl })
    .from(users)
    .where(eq(users.id, actor.userId));
  if (!row) throw new AppError('NOT_FOUND', 'Account not found');
  return row;
}
