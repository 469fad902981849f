import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import { users } from '../../db/schema';
import { tooManyAttempts } from '../accounts/sign-in';
import { consumeRateLimit, refundRateLimit } from '../rate-limits/consume-rate-limit';
import { openSecret } from '../settings/secret-box';
import { queueSecurityNotice } from './queue-security-notice';
import { replaceRecoveryCodes } from './recovery-codes';
import { matchTotpStep, totpSecretPurpose } from './totp';
import { secondFactorLimits } from './two-factor-limits';

/**
 * Turns TOTP on once the user proves the app makes the right codes, and hands back ten recovery
 * codes, shown this once. The step of the confirming code counts as used.
 */
export async function confirmTotpEnrollment(
  ctx: ServiceContext<'secret'>,
  code: string,
): Promise<{ codes: string[] }> {
  const { db, actor, secret: serverSecret } = ctx;
  const key = `totp-enroll:account:${actor.userId}`;
  const wait = await consumeRateLimit(db, key, secondFactorLimits.perAccount);
  if (wait > 0) throw tooManyAttempts(wait);
  const [user] = await db
    .select({ totpSecret: users.totpSecret, enabledAt: users.totpEnabledAt })
    .from(users)
    .where(eq(users.id, actor.userId));
  if (user?.enabledAt) throw new AppError('INVALID_INPUT', 'The authenticator app is already set up');
  if (!user?.totpSecret) throw new AppError('INVALID_INPUT', 'Start setting up the app again', 'code');
  const step = matchTotpStep(openSecret(serverSecret, totpSecretPurpose, user.totpSecret), code);
  if (step === null) {
    throw new AppError(
      'INVALID_INPUT',
      'That code is not right: check the app and try the newest one',
      'code',
    );
  }
  await refundRateLimit(db, key, secondFactorLimits.perAccount);
  return db.transaction(async (tx) => {
    const [enabled] = await tx
      .update(users)
      .set({ totpEnabledAt: new Date(), totpLastStep: step })
      .where(and(eq(users.id, actor.userId), isNull(users.totpEnabledAt)))
      .returning({ id: users.id });
    if (!enabled) throw new AppError('INVALID_INPUT', 'The authenticator app is already set up');
    await queueSecurityNotice(tx, actor, 'totp-on');
    return { codes: await replaceRecoveryCodes(tx, serverSecret, actor.userId) };
  });
}
