import { and, eq, isNotNull, isNull, lt, or } from 'drizzle-orm';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { openSecret } from '../settings/secret-box';
import { matchTotpStep, totpSecretPurpose } from './totp';

/**
 * Whether a code from the user's app is right, and if so spends its time step: the update only
 * happens when the step is later than the last one accepted, so a code (or an older one) seen
 * over someone's shoulder cannot be used again, not even by a request racing this one.
 */
export async function acceptTotpCode(
  db: Database,
  secret: string,
  userId: string,
  code: string,
  now = clock.nowMs(),
): Promise<boolean> {
  const [user] = await db
    .select({ totpSecret: users.totpSecret, enabledAt: users.totpEnabledAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.totpSecret || !user.enabledAt) return false;
  const step = matchTotpStep(openSecret(secret, totpSecretPurpose, user.totpSecret), code, now);
  if (step === null) return false;
  const [accepted] = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(
      and(
        eq(users.id, userId),
        isNotNull(users.totpEnabledAt),
        or(isNull(users.totpLastStep), lt(users.totpLastStep, step)),
      ),
    )
    .returning({ id: users.id });
  return accepted !== undefined;
}
