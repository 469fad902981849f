import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { signUpBodySchema } from '../../../shared/api/auth';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { memberships, organizations, users } from '../../db/schema';
import { consumeRateLimit, type RateLimitRule } from '../rate-limits/consume-rate-limit';
import { assertStrongEnough } from './common-passwords';
import { hashPassword } from './passwords';
import { tooManyAttempts } from './sign-in';

export type SignUpInput = z.infer<typeof signUpBodySchema>;

/** Creates an account and a new organization with that account as its admin. */
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
    const now = new Date();
    const [organization] = await tx
      .insert(organizations)
      .values({ name: input.organizationName, createdAt: now, updatedAt: now })
      .returning({ id: organizations.id });
    const [user] = await tx
      .insert(users)
      .values({ name: input.name, email: input.email, passwordHash, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: users.id });
    // A concurrent sign-up with the same e-mail won the race.
    if (!organization || !user)
      throw new AppError('EMAIL_TAKEN', 'An account with this email already exists', 'email');
    await tx
      .insert(memberships)
      .values({ organizationId: organization.id, userId: user.id, role: 'admin', createdAt: now });
    return { userId: user.id, organizationId: organization.id };
  });
}
