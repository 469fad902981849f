import { AppError } from '../../../shared/errors';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import type { EmailVerificationRow } from '../../db/schema';
import { consumeRateLimit, type RateLimitRule } from '../rate-limits/consume-rate-limit';
import { verifyPassword } from './passwords';
import { tooManyAttempts } from './sign-in';

/** Passwords tried for one pending sign-up, and for one address across its pending sign-ups. */
export const signUpPasswordTries: { perSignUp: RateLimitRule; perEmail: RateLimitRule } = {
  perSignUp: { limit: 5, windowMs: 15 * 60 * 1000 },
  perEmail: { limit: 10, windowMs: 60 * 60 * 1000 },
};

export const signUpPasswordRequiredMessage = 'Enter the password you chose when you signed up';
export const signUpPasswordWrongMessage =
  'That is not the password you chose when you signed up. Check it and try again.';

/**
 * Opening the link proves the mailbox, not that the person reading it asked for the account:
 * anyone may sign up with someone else's address and a password of their own, and the owner's
 * careless click would then make an account whose password a stranger knows (pre-takeover).
 * So a sign-up is finished only in the browser that asked for it (its signed cookie names the
 * pending sign-up) or by someone who gives the password chosen at sign-up. Tries are counted
 * before the check, so parallel guesses cannot slip past the limit together; only someone
 * holding the link can try at all.
 */
export async function proveSignUpPassword(
  db: Database,
  row: EmailVerificationRow,
  proof: { sameBrowser: boolean; password: string | undefined },
  now = clock.now(),
): Promise<void> {
  if (proof.sameBrowser) return;
  if (!proof.password) {
    throw new AppError('SIGN_UP_PASSWORD_REQUIRED', signUpPasswordRequiredMessage, 'password');
  }
  const waits = [
    await consumeRateLimit(db, `sign-up-password:sign-up:${row.id}`, signUpPasswordTries.perSignUp, now),
    await consumeRateLimit(db, `sign-up-password:email:${row.email}`, signUpPasswordTries.perEmail, now),
  ];
  const wait = Math.max(...waits);
  if (wait > 0) throw tooManyAttempts(wait);
  if (!row.passwordHash) throw new AppError('EMAIL_LINK_INVALID', 'This confirmation link is not valid.');
  if (!(await verifyPassword(row.passwordHash, proof.password))) {
    throw new AppError('INVALID_CREDENTIALS', signUpPasswordWrongMessage, 'password');
  }
}
