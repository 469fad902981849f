import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { publicLinkCodes } from '../../db/schema';
import { hashPassword } from '../accounts/passwords';
import { emailCodeTtlMs } from '../signing/email-code';

/** Wrong codes a visitor may give for one address before it must be given again. */
export const maxVisitorCodeFailures = 5;

/**
 * Makes a visitor's code for the e-mail being composed now, as a signer's is made
 * (signing/email-code.ts): six random digits, only their argon2id hash kept, ten minutes, once.
 * None once the address was confirmed, or too many wrong codes were given for it.
 */
export async function issueVisitorCode(
  db: Database,
  codeId: string,
  now = clock.now(),
): Promise<{ code: string; expiresAt: Date } | null> {
  const [row] = await db
    .select({ failures: publicLinkCodes.failures })
    .from(publicLinkCodes)
    .where(and(eq(publicLinkCodes.id, codeId), isNull(publicLinkCodes.usedAt)));
  if (!row || row.failures >= maxVisitorCodeFailures) return null;
  const code = randomInt(0, 1_000_000).toString().padStart(6, '0');
  const expiresAt = new Date(now.getTime() + emailCodeTtlMs);
  await db
    .update(publicLinkCodes)
    .set({ codeHash: await hashPassword(code), codeExpiresAt: expiresAt })
    .where(eq(publicLinkCodes.id, codeId));
  return { code, expiresAt };
}
