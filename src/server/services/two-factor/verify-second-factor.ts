import { eq } from 'drizzle-orm';
import type { SecondFactorBody } from '../../../shared/api/two-factor';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { tooManyAttempts } from '../accounts/sign-in';
import {
  consumeRateLimit,
  countAttempt,
  forgetRateLimit,
  refundRateLimit,
} from '../rate-limits/consume-rate-limit';
import { acceptTotpCode } from './accept-totp-code';
import { authenticatePasskey } from './authenticate-passkey';
import type { PendingSecondFactor } from './pending-second-factor-cookie';
import { queueSecurityNotice } from './queue-security-notice';
import { spendRecoveryCode } from './recovery-codes';
import { authenticatorCodesKey, secondFactorLimits } from './two-factor-limits';
import type { WebAuthnChallenge } from './webauthn-challenge-cookie';
import type { WebAuthnParty } from './webauthn-party';

/** App codes refused for the rest of the day: when that ends, and the ways to lift it sooner. */
function authenticatorLocked(until: Date): AppError {
  const when = `${until.toISOString().slice(11, 16)} UTC`;
  return new AppError(
    'AUTHENTICATOR_LOCKED',
    `Too many wrong codes from an authenticator app were entered for this account today, so app codes are refused until ${when}. Sign in with a recovery code (or a passkey) instead; a recovery code, or resetting your password, turns app codes back on at once.`,
  );
}

/**
 * Checks the second factor of a pending sign-in and answers which method passed. Every try
 * counts against the account and the address before anything is checked (so parallel guesses
 * cannot slip past the limit); a success is given back. An authenticator code also counts in the
 * account's day (see secondFactorLimits): past its cap app codes are refused, and the owner is
 * mailed once a day after the first few wrong ones. A recovery code lifts that cap.
 */
export async function verifySecondFactor(
  db: Database,
  input: {
    serverSecret: string;
    party: WebAuthnParty;
    pending: PendingSecondFactor;
    body: SecondFactorBody;
    challenge: WebAuthnChallenge | null;
    ip: string | null;
  },
): Promise<'totp' | 'recovery-code' | 'passkey'> {
  const { pending, body } = input;
  const accountKey = `second-factor:account:${pending.userId}`;
  const addressKey = `second-factor:address:${input.ip ?? 'unknown'}`;
  const wait = Math.max(
    await consumeRateLimit(db, addressKey, secondFactorLimits.perAddress),
    await consumeRateLimit(db, accountKey, secondFactorLimits.perAccount),
  );
  if (wait > 0) throw tooManyAttempts(wait);
  const day = secondFactorLimits.authenticatorCodesPerDay;
  const dayKey = authenticatorCodesKey(pending.userId);
  const codesToday = body.code !== undefined ? await countAttempt(db, dayKey, day) : null;
  if (codesToday && codesToday.count > day.limit) throw authenticatorLocked(codesToday.resetsAt);

  let method: 'totp' | 'recovery-code' | 'passkey' | null = null;
  if (body.code !== undefined) {
    if (await acceptTotpCode(db, input.serverSecret, pending.userId, body.code)) method = 'totp';
  } else if (body.recoveryCode !== undefined) {
    if (await spendRecoveryCode(db, input.serverSecret, pending.userId, body.recoveryCode)) {
      method = 'recovery-code';
    }
  } else if (body.passkey !== undefined) {
    const proved = await authenticatePasskey(db, input.party, input.challenge, body.passkey);
    if (proved?.userId === pending.userId) method = 'passkey';
  }
  if (!method) {
    if (codesToday && codesToday.count >= secondFactorLimits.noticeAfter) {
      await noticeWrongCodes(db, pending, codesToday.resetsAt, input.ip);
    }
    const what =
      body.code !== undefined
        ? 'That code is not right, or was already used. Enter the newest code from your app.'
        : body.recoveryCode !== undefined
          ? 'That recovery code is not right, or was already used.'
          : 'The passkey could not be verified. Try again.';
    throw new AppError('SECOND_FACTOR_INVALID', what);
  }
  await refundRateLimit(db, addressKey, secondFactorLimits.perAddress);
  await refundRateLimit(db, accountKey, secondFactorLimits.perAccount);
  if (method === 'totp') await refundRateLimit(db, dayKey, day);
  if (method === 'recovery-code') await forgetRateLimit(db, dayKey);
  return method;
}

/** Tells the owner that wrong codes are being tried: once per day window, not once per code. */
async function noticeWrongCodes(
  db: Database,
  pending: PendingSecondFactor,
  dayEnds: Date,
  ip: string | null,
): Promise<void> {
  const [owner] = await db
    .select({ userName: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, pending.userId));
  if (!owner) return;
  await queueSecurityNotice(db, { ...owner, organizationId: pending.organizationId, ip }, 'wrong-codes', {
    dedupeKey: `wrong-second-factor-codes:${pending.userId}:${dayEnds.toISOString()}`,
  });
}
