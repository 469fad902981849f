import { eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { Actor } from '../../actor';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { verifyAgainstNothing, verifyPassword } from '../accounts/passwords';
import { type AccountLimits, tooManyAttempts } from '../accounts/sign-in';
import { consumeRateLimit, refundRateLimit } from '../rate-limits/consume-rate-limit';

export type CurrentPasswordLimits = Pick<AccountLimits, 'perAccount'>;

/**
 * Refuses a wrong current password (400 on the field `currentPassword`). Wrong guesses count
 * against the account like failed sign-ins, so a borrowed session cannot be used to try
 * passwords one after another; a right one is given back.
 */
export async function verifyCurrentPassword(
  db: Database,
  actor: Actor,
  password: string | undefined,
  limits: CurrentPasswordLimits,
  purpose: string,
): Promise<void> {
  if (!password) {
    throw new AppError('INVALID_INPUT', `Enter your current password to ${purpose}`, 'currentPassword');
  }
  const key = `current-password:account:${actor.userId}`;
  const wait = await consumeRateLimit(db, key, limits.perAccount);
  if (wait > 0) throw tooManyAttempts(wait);
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, actor.userId));
  const valid = user?.passwordHash
    ? await verifyPassword(user.passwordHash, password)
    : await verifyAgainstNothing(password);
  if (!valid) throw new AppError('INVALID_INPUT', 'The current password is not correct', 'currentPassword');
  await refundRateLimit(db, key, limits.perAccount);
}
