import { createHmac, randomInt } from 'node:crypto';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { recoveryCodes } from '../../db/schema';

export const recoveryCodeCount = 10;
// No 0/O, 1/l/I: a code is copied from paper.
const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten characters from 31 (about 50 bits): two groups of five, 'xxxxx-xxxxx'. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/** Case, spaces and dashes do not matter when a code is typed back. */
const normalize = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');

/** Keyed with the server secret, so a copy of the table alone cannot be searched offline. */
function hashRecoveryCode(secret: string, code: string): string {
  return createHmac('sha256', secret)
    .update(`recovery-code:${normalize(code)}`)
    .digest('hex');
}

/** Replaces every code of the user with ten new ones, returned once and never stored. */
export async function replaceRecoveryCodes(db: Database, secret: string, userId: string): Promise<string[]> {
  const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  const now = new Date();
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(secret, code), createdAt: now })));
  return codes;
}

/**
 * Spends one code: a conditional update, so the same code cannot be used twice even by two
 * requests at the same instant. False when it is unknown or already used.
 */
export async function spendRecoveryCode(
  db: Database,
  secret: string,
  userId: string,
  code: string,
): Promise<boolean> {
  const [spent] = await db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(secret, code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return spent !== undefined;
}

export async function countRecoveryCodesLeft(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}
