import { count, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import { passkeys, recoveryCodes, users } from '../../db/schema';
import { tooManyAttempts } from '../accounts/sign-in';
import { verifyCurrentPassword } from '../profile/verify-current-password';
import { consumeRateLimit, refundRateLimit } from '../rate-limits/consume-rate-limit';
import { acceptTotpCode } from './accept-totp-code';
import { queueSecurityNotice } from './queue-security-notice';
import { secondFactorLimits } from './two-factor-limits';

/**
 * Turns TOTP off. A session alone is not enough (it may be a borrowed laptop): the current
 * password or a code from the app must be given. Recovery codes go too unless a passkey remains
 * for them to stand in for.
 */
export async function disableTotp(
  ctx: ServiceContext<'secret' | 'accountLimits'>,
  input: { currentPassword?: string | undefined; code?: string | undefined },
): Promise<void> {
  const { db, actor, secret: serverSecret, accountLimits: limits } = ctx;
  if (input.code !== undefined) {
    const key = `second-factor:account:${actor.userId}`;
    const wait = await consumeRateLimit(db, key, secondFactorLimits.perAccount);
    if (wait > 0) throw tooManyAttempts(wait);
    if (!(await acceptTotpCode(db, serverSecret, actor.userId, input.code))) {
      throw new AppError('INVALID_INPUT', 'That code is not right', 'code');
    }
    await refundRateLimit(db, key, secondFactorLimits.perAccount);
  } else {
    await verifyCurrentPassword(db, actor, input.currentPassword, limits, 'turn off the authenticator app');
  }
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastStep: null })
      .where(eq(users.id, actor.userId));
    const [left] = await tx.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, actor.userId));
    if (!left?.n) await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, actor.userId));
    await queueSecurityNotice(tx, actor, 'totp-off');
  });
}
