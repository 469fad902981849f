import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { type EmailVerificationRow, emailVerifications, passwordResets, users } from '../../db/schema';
import { sqlState } from '../../db/sql-state';
import { consumeRateLimit, type RateLimitRule } from '../rate-limits/consume-rate-limit';
import { createAccount } from './create-account';
import { hashEmailVerificationToken } from './email-verification';
import { proveSignUpPassword } from './prove-sign-up-password';
import { tooManyAttempts } from './sign-in';

const closedMessages = {
  unknown: 'This confirmation link is not valid. Check that you opened the whole link from the e-mail.',
  used: 'This confirmation link has already been used. If your account exists, sign in.',
  expired: 'This confirmation link has expired: it works for 24 hours. Start again to get a new one.',
} as const;

const takenMessages = {
  'sign-up':
    'An account with this e-mail was created meanwhile. Sign in, or reset your password if you do not know it.',
  'email-change': 'Another account uses this e-mail address now, so yours cannot change to it.',
} as const;

/** The row of a link that still works, or the reason it does not (unknown, used, expired). */
function openVerification(row: EmailVerificationRow | undefined, now: Date): EmailVerificationRow {
  const reason = !row ? 'unknown' : row.usedAt ? 'used' : row.expiresAt <= now ? 'expired' : null;
  if (reason || !row) throw new AppError('EMAIL_LINK_INVALID', closedMessages[reason ?? 'unknown']);
  return row;
}

const signInFirstMessages = {
  none: 'Sign in to your Pactum account, then open this link again: it confirms the address for that account only.',
  other:
    'This link is for another Pactum account. Sign out, sign in to the account that asked for it, then open the link again.',
} as const;

export type EmailConfirmed =
  | { purpose: 'sign-up'; userId: string; organizationId: string }
  | { purpose: 'email-change'; userId: string; email: string };

/**
 * Opens a confirmation link: the address is proven. A pending sign-up becomes the account (and
 * its organization), verified; a change of address switches the account to it, in a browser
 * signed in to that account. The link works once (spent by a conditional update in the same
 * transaction), and not when another account took the address in the meantime. A sign-up is
 * finished only in the browser that asked for it (`signUpIds`, from its signed cookie) or with the
 * password chosen at sign-up (see prove-sign-up-password.ts). The caller signs a new account in.
 */
export async function confirmEmail(
  db: Database,
  input: {
    token: string;
    ip: string | null;
    signedInAs: string | null;
    signUpIds?: readonly string[];
    password?: string | undefined;
  },
  rule: RateLimitRule,
  now = clock.now(),
): Promise<EmailConfirmed> {
  const wait = await consumeRateLimit(db, `email-confirm:address:${input.ip ?? 'unknown'}`, rule, now);
  if (wait > 0) throw tooManyAttempts(wait);
  const [found] = await db
    .select()
    .from(emailVerifications)
    .where(eq(emailVerifications.tokenHash, hashEmailVerificationToken(input.token)));
  const row = openVerification(found, now);
  // An address is confirmed for an account only in a browser signed in to that account. Otherwise
  // whoever holds an unconfirmed account with someone else's address could mail them the link,
  // and one careless click would confirm the account they do not own (pre-takeover by phishing).
  if (row.purpose === 'email-change' && input.signedInAs !== row.userId) {
    throw input.signedInAs
      ? new AppError('FORBIDDEN', signInFirstMessages.other)
      : new AppError('UNAUTHENTICATED', signInFirstMessages.none);
  }
  if (row.purpose === 'sign-up') {
    const sameBrowser = (input.signUpIds ?? []).includes(row.id);
    await proveSignUpPassword(db, row, { sameBrowser, password: input.password }, now);
  }
  try {
    return await db.transaction(async (tx) => {
      // Spent, and a sign-up's password hash moves to the account rather than staying here.
      const [spent] = await tx
        .update(emailVerifications)
        .set({ usedAt: now, passwordHash: null })
        .where(
          and(
            eq(emailVerifications.id, row.id),
            isNull(emailVerifications.usedAt),
            gt(emailVerifications.expiresAt, now),
          ),
        )
        .returning({ id: emailVerifications.id });
      if (!spent) throw new AppError('EMAIL_LINK_INVALID', closedMessages.used);
      return row.purpose === 'sign-up' ? finishSignUp(tx, row, now) : changeAddress(tx, row, now);
    });
  } catch (error) {
    // Another account took the address between the check and the write.
    if (sqlState(error) === '23505') throw new AppError('EMAIL_TAKEN', takenMessages[row.purpose], 'email');
    throw error;
  }
}

async function finishSignUp(tx: Database, row: EmailVerificationRow, now: Date): Promise<EmailConfirmed> {
  const [taken] = await tx.select({ id: users.id }).from(users).where(eq(users.email, row.email));
  if (taken) throw new AppError('EMAIL_TAKEN', takenMessages['sign-up'], 'email');
  if (!row.name || !row.passwordHash || !row.organizationName) {
    throw new AppError('EMAIL_LINK_INVALID', closedMessages.unknown);
  }
  const account = await createAccount(tx, {
    name: row.name,
    email: row.email,
    passwordHash: row.passwordHash,
    organizationName: row.organizationName,
    emailVerifiedAt: now,
  });
  // Other sign-ups pending for the address can no longer finish: it has its account.
  await tx
    .update(emailVerifications)
    .set({ usedAt: now, passwordHash: null })
    .where(
      and(
        eq(emailVerifications.email, row.email),
        eq(emailVerifications.purpose, 'sign-up'),
        isNull(emailVerifications.usedAt),
      ),
    );
  return { purpose: 'sign-up', ...account };
}

async function changeAddress(tx: Database, row: EmailVerificationRow, now: Date): Promise<EmailConfirmed> {
  if (!row.userId) throw new AppError('EMAIL_LINK_INVALID', closedMessages.unknown);
  const [taken] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, row.email), ne(users.id, row.userId)));
  if (taken) throw new AppError('EMAIL_TAKEN', takenMessages['email-change'], 'email');
  const [before] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId));
  if (!before) throw new AppError('EMAIL_LINK_INVALID', closedMessages.unknown);
  await tx
    .update(users)
    .set({ email: row.email, emailVerifiedAt: now, updatedAt: now })
    .where(eq(users.id, row.userId));
  if (before.email !== row.email) {
    // Reset links mailed to the old address stop working.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, row.userId), isNull(passwordResets.usedAt)));
  }
  return { purpose: 'email-change', userId: row.userId, email: row.email };
}
