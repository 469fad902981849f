import { and, eq, ne } from 'drizzle-orm';
import type { ChangePasswordInput } from '../../../shared/api/profile';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import { sessions, users } from '../../db/schema';
import { isGuessablePassword, passwordTooCommon } from '../accounts/common-passwords';
import { hashPassword } from '../accounts/passwords';
import { verifyCurrentPassword } from './verify-current-password';

/**
 * Sets a new password after checking the current one, and ends every other session of the
 * user: a device signed in with the old password is signed out. This session stays.
 */
export async function changePassword(
  ctx: ServiceContext<'accountLimits'>,
  input: ChangePasswordInput,
): Promise<void> {
  const { db, actor, accountLimits: limits } = ctx;
  await verifyCurrentPassword(db, actor, input.currentPassword, limits, 'change your password');
  const [user] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, actor.userId));
  if (isGuessablePassword(input.newPassword, user)) {
    throw new AppError('PASSWORD_TOO_COMMON', passwordTooCommon().message, 'newPassword');
  }
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, actor.userId));
    await tx.delete(sessions).where(and(eq(sessions.userId, actor.userId), ne(sessions.id, actor.sessionId)));
  });
}
