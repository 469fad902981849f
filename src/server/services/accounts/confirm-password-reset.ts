import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { passwordResetCheckSchema } from '../../../shared/api/auth';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { memberships, passwordResets, sessions, users } from '../../db/schema';
import { presentPasswordResetCheck } from '../../presenters/password-reset';
import { consumeRateLimit } from '../rate-limits/consume-rate-limit';
import { assertStrongEnough } from './common-passwords';
import { hashPasswordResetToken } from './password-reset-token';
import { hashPassword } from './passwords';
import { type AccountLimits, tooManyAttempts } from './sign-in';

type ResetRow = typeof passwordResets.$inferSelect;

const closedMessages = {
  unknown: 'This password reset link is not valid. Request a new one.',
  used: 'This password reset link has already been used. Request a new one.',
  expired: 'This password reset link has expired: it works for one hour. Request a new one.',
} as const;

/** The row of a link that still works, or the reason it does not (unknown, used, expired). */
function openReset(row: ResetRow | undefined, now: Date): ResetRow {
  const reason = !row ? 'unknown' : row.usedAt ? 'used' : row.expiresAt <= now ? 'expired' : null;
  if (reason || !row) throw new AppError('RESET_LINK_INVALID', closedMessages[reason ?? 'unknown']);
  return row;
}

async function findReset(db: Database, token: string): Promise<ResetRow | undefined> {
  const [row] = await db
    .select()
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, hashPasswordResetToken(token)));
  return row;
}

/** Whether a reset link still works, so the page can say so before a new password is typed. */
export async function checkPasswordReset(
  db: Database,
  token: string,
  now = new Date(),
): Promise<z.infer<typeof passwordResetCheckSchema>> {
  return presentPasswordResetCheck(openReset(await findReset(db, token), now));
}

/**
 * Sets a new password through a reset link: the link works once (a conditional update, so two
 * requests at the same instant cannot both use it), every other link of the account dies, and
 * every session of the account ends. The caller signs this browser in.
 */
export async function confirmPasswordReset(
  db: Database,
  input: { token: string; password: string; ip: string | null },
  limits: Pick<AccountLimits, 'passwordResetsPerAddress'>,
  now = new Date(),
): Promise<{ userId: string; organizationId: string }> {
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
  const passwordHash = await hashPassword(input.password);

  return db.transaction(async (tx) => {
    // The link is spent here, and only if nobody spent it since it was checked above.
    const [spent] = await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(eq(passwordResets.id, row.id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)),
      )
      .returning({ userId: passwordResets.userId });
    if (!spent) {
      const [again] = await tx.select().from(passwordResets).where(eq(passwordResets.id, row.id));
      openReset(again, now);
      throw new AppError('RESET_LINK_INVALID', closedMessages.used);
    }
    // The link went to the account's address, so opening it proves the address too.
    await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now})`, updatedAt: now })
      .where(eq(users.id, spent.userId));
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
    if (!membership) throw new AppError('RESET_LINK_INVALID', closedMessages.unknown);
    return { userId: spent.userId, organizationId: membership.organizationId };
  });
}
