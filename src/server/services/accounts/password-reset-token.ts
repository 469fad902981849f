import { createHash, randomBytes } from 'node:crypto';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { passwordResets } from '../../db/schema';

/** How long a reset link works after its e-mail is composed. */
export const passwordResetMs = 60 * 60 * 1000;

/** The only form of a reset token the database keeps. */
export function hashPasswordResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * A new reset link for one e-mail: 256 random bits that go into that e-mail and are never
 * stored; the row keeps their SHA-256 and works once, for an hour.
 */
export async function createPasswordReset(
  db: Database,
  userId: string,
  now = clock.now(),
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(now.getTime() + passwordResetMs);
  await db
    .insert(passwordResets)
    .values({ userId, tokenHash: hashPasswordResetToken(token), createdAt: now, expiresAt });
  return { token, expiresAt };
}
