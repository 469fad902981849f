import { and, asc, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { passwordResetCheckSchema } from '../../../shared/api/auth';
import { AppError } from '../../../shared/errors';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import {
  apiTokens,
  memberships,
  type PasswordResetRow,
  passwordResets,
  sessions,
  users,
} from '../../db/schema';
import { presentPasswordResetCheck } from '../../presenters/password-reset';
import { consumeRateLimit, forgetRateLimit } from '../rate-limits/consume-rate-limit';
import { queueSecurityNotice } from '../two-factor/queue-security-notice';
import { authenticatorCodesKey } from '../two-factor/two-factor-limits';
import { assertStrongEnough } from './common-passwords';
import { hashPasswordResetToken } from './password-reset-token';
import { hashPassword } from './passwords';
import { type AccountLimits, tooManyAttempts } from './sign-in';

const closedMessages = {
  unknown: 'This password reset link is not valid. Request a new one.',
  used: 'This password reset link has already been used. Request a new one.',
  expired: 'This password reset link has expired: it works for one hour. Request a new one.',
} as const;

/** The row of a link that still works, or the reason it does not (unknown, used, expired). */
function openReset(row: PasswordResetRow | undefined, now: Date): PasswordResetRow {
  const reason = !row ? 'unknown' : row.usedAt ? 'used' : row.expiresAt <= now ? 'expired' : null;
  if (reason || !row) throw new AppError('RESET_LINK_INVALID', closedMessages[reason ?? 'unknown']);
  return row;
}

async function findReset(db: Database, token: string): Promise<PasswordResetRow | undefined> {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, hashPasswordResetToken(token)));
  return row;
}

/** The API tokens a person made that still work: a reset offers to revoke them. */
async function countLiveApiTokens(db: Database, userId: string, now: Date): Promise<number> {
  const [row] = await db
    .select({ live: count() })
    .from(apiTokens)
    .where(
      and(
        eq(apiTokens.createdByUserId, userId),
        or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, now)),
      ),
    );
  return row?.live ?? 0;
}

/**
 * Whether a reset link still works, so the page can say so before a new password is typed, and
 * how many live API tokens the account made (the page offers to revoke them with the reset).
 */
export async function checkPasswordReset(
  db: Database,
  token: string,
  now = clock.now(),
): Promise<z.infer<typeof passwordResetCheckSchema>> {
  const row = openReset(await findReset(db, token), now);
  return presentPasswordResetCheck(row, await countLiveApiTokens(db, row.userId, now));
}

/**
 * A reset whose link and new password were checked but that is not done yet: nothing of it is
 * applied until completePasswordReset, which runs only once the second factor (if the account
 * has one) passed. The new password's hash is made already, so the slow part is not repeated.
 */
export type PendingPasswordReset = {
  resetId: string;
  passwordHash: string;
  /** Also revoke every API token the account made. */
  revokeApiTokens: boolean;
};

/**
 * The first half of a reset: checks the link (without spending it) and the new password, and
 * hashes it. Changes nothing: the account, its password and its sessions stay as they are.
 */
export async function preparePasswordReset(
  db: Database,
  input: { token: string; password: string; revokeApiTokens: boolean; ip: string | null },
  limits: Pick<AccountLimits, 'passwordResetsPerAddress'>,
  now = clock.now(),
): Promise<{ account: { userId: string; organizationId: string }; reset: PendingPasswordReset }> {
  const wait = await consumeRateLimit(
    db,
    `password-reset-confirm:address:${input.ip ?? 'unknown'}`,
    limits.passwordResetsPerAddress,
    now,
  );
  if (wait > 0) throw tooManyAttempts(wait);

  const row = openReset(await findReset(db, input.token), now);
  const [user] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, row.userId));
  if (!user) throw new AppError('RESET_LINK_INVALID', closedMessages.unknown);
  assertStrongEnough(input.password, user);
  const [membership] = await db
    .select({ organizationId: memberships.organizationId })
    .from(memberships)
    .where(eq(memberships.userId, row.userId))
    .orderBy(asc(memberships.createdAt))
    .limit(1);
  if (!membership) throw new AppError('RESET_LINK_INVALID', closedMessages.unknown);
  return {
    account: { userId: row.userId, organizationId: membership.organizationId },
    reset: {
      resetId: row.id,
      passwordHash: await hashPassword(input.password),
      revokeApiTokens: input.revokeApiTokens,
    },
  };
}

/**
 * The second half, once every factor passed: the link is spent (a conditional update, so two
 * requests at the same instant cannot both use it), the password is set, every other link of the
 * account dies, every session ends, the API tokens are revoked if asked, a day's stop on app
 * codes is lifted, and the owner is mailed what happened (tokens included). The caller signs this
 * browser in.
 */
export async function completePasswordReset(
  db: Database,
  input: PendingPasswordReset & { ip: string | null },
  now = clock.now(),
): Promise<{ userId: string; organizationId: string }> {
  return db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.id, input.resetId),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId });
    if (!spent) {
      const [again] = await tx.select().from(passwordResets).where(eq(passwordResets.id, input.resetId));
      openReset(again, now);
      throw new AppError('RESET_LINK_INVALID', closedMessages.used);
    }
    // The link went to the account's address, so opening it proves the address too.
    const [user] = await tx
      .update(users)
      .set({
        passwordHash: input.passwordHash,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})`,
        updatedAt: now,
      })
      .where(eq(users.id, spent.userId))
      .returning({ userName: users.name, email: users.email });
    // Other links sent before this one stop working, and every device is signed out.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, spent.userId), isNull(passwordResets.usedAt)));
    await tx.delete(sessions).where(eq(sessions.userId, spent.userId));
    const [membership] = await tx
      .select({ organizationId: memberships.organizationId })
      .from(memberships)
      .where(eq(memberships.userId, spent.userId))
      .orderBy(asc(memberships.createdAt))
      .limit(1);
    if (!user || !membership) throw new AppError('RESET_LINK_INVALID', closedMessages.unknown);
    const tokens = await settleApiTokens(tx, spent.userId, input.revokeApiTokens, now);
    await forgetRateLimit(tx, authenticatorCodesKey(spent.userId));
    await queueSecurityNotice(
      tx,
      { ...user, organizationId: membership.organizationId, ip: input.ip },
      'password-reset',
      { detail: tokens },
    );
    return { userId: spent.userId, organizationId: membership.organizationId };
  });
}

/**
 * Revokes the account's API tokens (deleting them, as revoking one does) or counts those left
 * working; answers what the mail says of them: `revoked:N`, `active:N`, or '' when there are none.
 */
async function settleApiTokens(tx: Database, userId: string, revoke: boolean, now: Date): Promise<string> {
  if (!revoke) {
    const live = await countLiveApiTokens(tx, userId, now);
    return live > 0 ? `active:${live}` : '';
  }
  const revoked = await tx
    .delete(apiTokens)
    .where(eq(apiTokens.createdByUserId, userId))
    .returning({ expiresAt: apiTokens.expiresAt });
  const live = revoked.filter((token) => !token.expiresAt || token.expiresAt > now).length;
  return live > 0 ? `revoked:${live}` : '';
}
