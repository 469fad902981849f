import type { SecondFactorBody } from '../../../shared/api/two-factor';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { tooManyAttempts } from '../accounts/sign-in';
import { consumeRateLimit, refundRateLimit } from '../rate-limits/consume-rate-limit';
import { acceptTotpCode } from './accept-totp-code';
import { authenticatePasskey } from './authenticate-passkey';
import type { PendingSecondFactor } from './pending-second-factor-cookie';
import { spendRecoveryCode } from './recovery-codes';
import { secondFactorLimits } from './two-factor-limits';
import type { WebAuthnChallenge } from './webauthn-challenge-cookie';
import type { WebAuthnParty } from './webauthn-party';

/**
 * Checks the second factor of a pending sign-in and answers which method passed. Every try
 * counts against the account and the address before anything is checked (so parallel guesses
 * cannot slip past the limit); a success is given back.
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
  return method;
}
