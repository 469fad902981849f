import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Profile, UpdateProfileInput } from '../../../shared/api/profile';
import { AppError } from '../../../shared/errors';
import type { Actor } from '../../actor';
import type { Database } from '../../db/client';
import { passwordResets, users } from '../../db/schema';
import { sqlState } from '../../plugins/error-handler';
import { getProfile } from './get-profile';
import { type CurrentPasswordLimits, verifyCurrentPassword } from './verify-current-password';

const emailTaken = () =>
  new AppError('EMAIL_TAKEN', 'Another account already uses this email address', 'email');

/**
 * Changes the user's name and e-mail. A new e-mail needs the current password, must not belong
 * to another account, and makes reset links sent to the old address stop working.
 */
export async function updateProfile(
  db: Database,
  actor: Actor,
  input: UpdateProfileInput,
  limits: CurrentPasswordLimits,
): Promise<Profile> {
  const profile = await getProfile(db, actor);
  const email = input.email !== undefined && input.email !== profile.email ? input.email : undefined;
  if (email !== undefined) {
    await verifyCurrentPassword(db, actor, input.currentPassword, limits, 'change your email');
    const [owner] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), ne(users.id, actor.userId)));
    if (owner) throw emailTaken();
  }
  if (input.name === undefined && email === undefined) return profile;

  const now = new Date();
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          ...(input.name === undefined ? {} : { name: input.name }),
          ...(email ? { email } : {}),
          updatedAt: now,
        })
        .where(eq(users.id, actor.userId));
      if (email !== undefined) {
        await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(and(eq(passwordResets.userId, actor.userId), isNull(passwordResets.usedAt)));
      }
    });
  } catch (error) {
    // Another account took the address between the check and the update.
    if (sqlState(error) === '23505') throw emailTaken();
    throw error;
  }
  return getProfile(db, actor);
}
