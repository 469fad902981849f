import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { signers } from '../../db/schema';
import { hashPassword } from '../accounts/passwords';
import { maxAuthFailures } from './signer-authentication';

/** How long an e-mailed code works. */
export const emailCodeTtlMs = 10 * 60 * 1000;

/**
 * Makes the one-time code for the e-mail being composed now: six random digits, of which only
 * the argon2id hash is stored, replacing any earlier code. None for a signer who does not need
 * one or is locked out. Made at delivery, like a signing link, so no queued message holds it.
 */
export async function issueEmailCode(
  db: Database,
  signerId: string,
  now = clock.now(),
): Promise<{ code: string; expiresAt: Date } | null> {
  const [signer] = await db
    .select({ requireEmailCode: signers.requireEmailCode, authFailures: signers.authFailures })
    .from(signers)
    .where(eq(signers.id, signerId));
  if (!signer?.requireEmailCode || signer.authFailures >= maxAuthFailures) return null;
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  const expiresAt = new Date(now.getTime() + emailCodeTtlMs);
  await db
    .update(signers)
    .set({ emailCodeHash: await hashPassword(code), emailCodeExpiresAt: expiresAt })
    .where(eq(signers.id, signerId));
  return { code, expiresAt };
}
