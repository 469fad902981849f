import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import type { PendingPasswordReset } from '../accounts/confirm-password-reset';
import { consumeRateLimit, refundRateLimit } from '../rate-limits/consume-rate-limit';
import { openValue, sealValue } from '../sessions/signed-value';
import { openSecret, sealSecret } from '../settings/secret-box';

export const pendingSecondFactorTtlMs = 10 * 60 * 1000;

/**
 * A sign-in whose first factor passed (a password, Google or Microsoft, a reset link) and that
 * waits for the second. No session exists yet: this signed cookie is all the browser holds.
 */
export type PendingSecondFactor = {
  userId: string;
  organizationId: string;
  persistent: boolean;
  /** How the first factor was proved: recorded in sessions.authMethods beside the second. */
  firstFactor: string;
  /** Where to go once signed in (an OpenID sign-in's next). */
  next: string | null;
  /**
   * A password reset waiting for the second factor: applied only once it passes. The new
   * password's hash travels encrypted (AES-GCM under SESSION_SECRET), not merely signed.
   */
  reset?: PendingPasswordReset;
};

const resetHashPurpose = 'pending-password-reset';

/** A pending sign-in as the cookie carries it: which one it is and when it began. */
export type IssuedPendingSecondFactor = PendingSecondFactor & {
  /** Random, so the one sign-in it stands for can be spent (spendPendingSecondFactor). */
  id: string;
  issuedAt: number;
};

export function sealPendingSecondFactor(
  secret: string,
  pending: PendingSecondFactor,
  now = clock.nowMs(),
): string {
  const { reset, ...rest } = pending;
  const issued = {
    ...rest,
    ...(reset
      ? { reset: { ...reset, passwordHash: sealSecret(secret, resetHashPurpose, reset.passwordHash) } }
      : {}),
    id: randomBytes(16).toString('base64url'),
    issuedAt: now,
  };
  return sealValue(secret, 'second-factor', issued);
}

/** The pending sign-in, if the cookie is genuine and not older than 10 minutes. */
export function openPendingSecondFactor(
  secret: string,
  value: string | undefined,
  now = clock.nowMs(),
): IssuedPendingSecondFactor | null {
  const opened = openValue(secret, 'second-factor', value, 2000);
  if (!opened) return null;
  const parsed = opened as IssuedPendingSecondFactor;
  if (typeof parsed.id !== 'string' || typeof parsed.issuedAt !== 'number') return null;
  if (parsed.issuedAt + pendingSecondFactorTtlMs < now || parsed.issuedAt > now + 60_000) return null;
  const reset = parsed.reset;
  return {
    ...(reset
      ? {
          reset: {
            resetId: reset.resetId,
            passwordHash: openSecret(secret, resetHashPurpose, reset.passwordHash),
            revokeApiTokens: reset.revokeApiTokens === true,
          },
        }
      : {}),
    id: parsed.id,
    issuedAt: parsed.issuedAt,
    userId: parsed.userId,
    organizationId: parsed.organizationId,
    persistent: parsed.persistent === true,
    firstFactor: parsed.firstFactor,
    next: parsed.next ?? null,
  };
}

/**
 * The pending sign-in, if the cookie opens and the account has not changed since it was issued:
 * a password change, a completed reset or ending the other sessions all stamp users.updatedAt,
 * and each is meant to shut out whoever signed in with the password before it. (Other edits of
 * the account stamp it too: at worst the person starts the sign-in again.)
 */
export async function openCurrentPendingSecondFactor(
  db: Database,
  secret: string,
  value: string | undefined,
  now = clock.nowMs(),
): Promise<IssuedPendingSecondFactor | null> {
  const pending = openPendingSecondFactor(secret, value, now);
  if (!pending) return null;
  const [user] = await db
    .select({ updatedAt: users.updatedAt })
    .from(users)
    .where(eq(users.id, pending.userId));
  if (!user || user.updatedAt.getTime() >= pending.issuedAt) return null;
  return pending;
}

const spendRule = { limit: 1, windowMs: 24 * 60 * 60 * 1000 };
const spendKey = (pending: IssuedPendingSecondFactor) => `pending-second-factor:${pending.id}`;

/**
 * Spends a pending sign-in: the first call answers true, every later one false, so one cookie
 * completes one sign-in. Same mechanism as spendChallenge: a row in the shared rate-limit table,
 * counted in the window its issue time falls in. Spent before the second factor is checked, so
 * two copies sent at once cannot both pass; given back (restorePendingSecondFactor) when the
 * factor is wrong, so a mistyped code does not end the sign-in.
 */
export async function spendPendingSecondFactor(
  db: Database,
  pending: IssuedPendingSecondFactor,
): Promise<boolean> {
  const wait = await consumeRateLimit(db, spendKey(pending), spendRule, new Date(pending.issuedAt));
  return wait === 0;
}

/** Makes a pending sign-in usable again after its second factor was refused. */
export async function restorePendingSecondFactor(
  db: Database,
  pending: IssuedPendingSecondFactor,
): Promise<void> {
  await refundRateLimit(db, spendKey(pending), spendRule, new Date(pending.issuedAt));
}
