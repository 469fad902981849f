import { and, count, eq, isNull } from 'drizzle-orm';
import type { SecondFactorMethod } from '../../../shared/api/two-factor';
import type { Database } from '../../db/client';
import { passkeys, recoveryCodes, users } from '../../db/schema';

/**
 * The second factors the account can sign in with; empty when it has none, and then a password
 * (or Google, Microsoft, a reset link) is enough. Recovery codes count only beside a real factor.
 */
export async function secondFactorMethods(db: Database, userId: string): Promise<SecondFactorMethod[]> {
  const [row] = await db
    .select({
      totp: users.totpEnabledAt,
      passkeys: db.$count(passkeys, eq(passkeys.userId, users.id)),
      codes: db.$count(recoveryCodes, and(eq(recoveryCodes.userId, users.id), isNull(recoveryCodes.usedAt))),
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return [];
  const methods: SecondFactorMethod[] = [];
  if (row.totp) methods.push('totp');
  if (row.passkeys > 0) methods.push('passkey');
  if (methods.length > 0 && row.codes > 0) methods.push('recovery-code');
  return methods;
}

/** Whether the user has set up TOTP or a passkey at all. */
export async function hasSecondFactor(db: Database, userId: string): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  if (row?.n) return true;
  const [user] = await db.select({ totp: users.totpEnabledAt }).from(users).where(eq(users.id, userId));
  return Boolean(user?.totp);
}
