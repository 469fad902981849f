import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { signers } from '../../db/schema';
import type { MailFacts } from '../../mail/compose-mail';
import { issueEmailCode } from './email-code';

/**
 * What a mail to a signer says about their checks, read when it is composed: an invitation or
 * reminder says which codes will be asked (never the access code), and a code e-mail gets a
 * fresh code. Null: a code e-mail that should not go out (no code needed any more, or locked).
 */
export async function signerMailFacts(
  db: Database,
  kind: string,
  signerId: string | null,
): Promise<Partial<MailFacts> | null> {
  if (!signerId) return kind === 'signer_code' ? null : {};
  if (kind === 'signer_code') {
    const issued = await issueEmailCode(db, signerId);
    return issued ? { code: issued.code, expiresAt: issued.expiresAt } : null;
  }
  if (kind !== 'invitation' && kind !== 'reminder') return {};
  const [signer] = await db
    .select({ accessCodeHash: signers.accessCodeHash, requireEmailCode: signers.requireEmailCode })
    .from(signers)
    .where(eq(signers.id, signerId));
  return signer
    ? { signerChecks: { accessCode: signer.accessCodeHash !== null, emailCode: signer.requireEmailCode } }
    : {};
}
