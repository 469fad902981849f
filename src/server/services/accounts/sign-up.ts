import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { signUpBodySchema } from '../../../shared/api/auth';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { consumeRateLimit, type RateLimitRule } from '../rate-limits/consume-rate-limit';
import { assertStrongEnough } from './common-passwords';
import { createAccount } from './create-account';
import { hashPassword } from './passwords';
import { tooManyAttempts } from './sign-in';

export type SignUpInput = z.infer<typeof signUpBodySchema>;

/**
 * Creates an account, its address taken as proven, and a new organization with that account as
 * its admin, at once. For callers that have proof of the address already (the tests' accounts);
 * a person signing up goes through requestSignUp and the e-mailed link instead.
 */
export async function signUp(
  db: Database,
  input: SignUpInput,
  throttle?: { ip: string | null; rule: RateLimitRule },
): Promise<{ userId: string; organizationId: string }> {
  assertStrongEnough(input.password, input);
  if (throttle) {
    const wait = await consumeRateLimit(db, `sign-up:address:${throttle.ip ?? 'unknown'}`, throttle.rule);
    if (wait > 0) throw tooManyAttempts(wait);
  }
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email));
    if (existing) throw new AppError('EMAIL_TAKEN', 'An account with this email already exists', 'email');
    return createAccount(tx, {
      name: input.name,
      email: input.email,
      passwordHash,
      organizationName: input.organizationName,
      emailVerifiedAt: new Date(),
    });
  });
}
