import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { signInBodySchema } from '../../../shared/api/auth';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { memberships, users } from '../../db/schema';
import { consumeRateLimit, type RateLimitRule, refundRateLimit } from '../rate-limits/consume-rate-limit';
import { verifyAgainstNothing, verifyPassword } from './passwords';

export type SignInInput = z.infer<typeof signInBodySchema>;

export type AccountLimits = {
  /** Failed sign-ins from one address, whatever the account. */
  perAddress: RateLimitRule;
  /** Failed sign-ins against one account from one address. */
  perAccount: RateLimitRule;
  signUpsPerAddress: RateLimitRule;
  /** Password reset requests and link uses per hour from one address. */
  passwordResetsPerAddress: RateLimitRule;
  /** Password reset requests per hour for one e-mail address. */
  passwordResetsPerEmail: RateLimitRule;
  /** PDFs checked at /verify per 10 minutes from one address (each is up to 25 MB of work). */
  verificationsPerAddress: RateLimitRule;
};

/**
 * Failed sign-ins allowed per 15 minutes from one address, and against one account from one
 * address (so strangers guessing elsewhere never keep the owner out), sign-ups
 * per hour from one address (each costs a password hash and makes an organization), and
 * password reset requests per hour from one address and for one e-mail (each sends a mail).
 */
export const defaultAccountLimits: AccountLimits = {
  perAddress: { limit: 30, windowMs: 15 * 60 * 1000 },
  perAccount: { limit: 10, windowMs: 15 * 60 * 1000 },
  signUpsPerAddress: { limit: 20, windowMs: 60 * 60 * 1000 },
  passwordResetsPerAddress: { limit: 20, windowMs: 60 * 60 * 1000 },
  passwordResetsPerEmail: { limit: 5, windowMs: 60 * 60 * 1000 },
  verificationsPerAddress: { limit: 30, windowMs: 10 * 60 * 1000 },
};

const invalidCredentials = () => new AppError('INVALID_CREDENTIALS', 'Invalid email or password');

export function tooManyAttempts(waitSeconds: number): AppError {
  const minutes = Math.ceil(waitSeconds / 60);
  return new AppError(
    'RATE_LIMITED',
    `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    undefined,
    waitSeconds,
  );
}

/**
 * Checks an e-mail and password. A wrong e-mail and a wrong password take the same path and
 * the same time, and give the same answer; failures count against the address and the account.
 */
export async function signIn(
  db: Database,
  input: SignInInput & { ip: string | null },
  limits: AccountLimits,
): Promise<{ userId: string; organizationId: string }> {
  const addressKey = `sign-in:address:${input.ip ?? 'unknown'}`;
  // Per account *and* address: counted per account alone, anyone could lock anyone out by
  // guessing wrong ten times. Guessing from many addresses is slowed by the per-address limit and
  // stopped by the password rules and a second factor.
  const accountKey = `sign-in:account:${input.email}:${input.ip ?? 'unknown'}`;
  const wait = Math.max(
    await consumeRateLimit(db, addressKey, limits.perAddress),
    await consumeRateLimit(db, accountKey, limits.perAccount),
  );
  if (wait > 0) throw tooManyAttempts(wait);

  const [user] = await db
    .select({ id: users.id, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.email, input.email));
  const valid = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await verifyAgainstNothing(input.password);
  const [membership] =
    valid && user
      ? await db
          .select({ organizationId: memberships.organizationId })
          .from(memberships)
          .where(eq(memberships.userId, user.id))
          .orderBy(asc(memberships.createdAt))
          .limit(1)
      : [];
  if (!user || !membership) throw invalidCredentials();
  // Only failures count: a successful attempt is given back.
  await refundRateLimit(db, addressKey, limits.perAddress);
  await refundRateLimit(db, accountKey, limits.perAccount);
  return { userId: user.id, organizationId: membership.organizationId };
}
