import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { type EmailVerificationRow, emailVerifications } from '../../db/schema';

/** How long a confirmation link works: a day, as a sign-up can wait for the mail to be read. */
export const emailVerificationMs = 24 * 60 * 60 * 1000;

/** The only form of a confirmation token the database keeps. */
export function hashEmailVerificationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A fresh link for one confirmation e-mail, made when it is composed: 256 random bits go into
 * that e-mail and only their SHA-256 replaces the one before (a re-delivery's link stands for the
 * earlier one). None once the verification is used, expired, or not for this address.
 */
export async function newEmailVerificationLink(
  db: Database,
  message: { verificationId: string | undefined; toEmail: string },
  now = clock.now(),
): Promise<{ token: string; row: EmailVerificationRow } | null> {
  if (!message.verificationId) return null;
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .update(emailVerifications)
    .set({ tokenHash: hashEmailVerificationToken(token) })
    .where(
      and(
        eq(emailVerifications.id, message.verificationId),
        eq(emailVerifications.email, message.toEmail),
        isNull(emailVerifications.usedAt),
        gt(emailVerifications.expiresAt, now),
      ),
    )
    .returning();
  return row ? { token, row } : null;
}
