import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { signers } from '../../db/schema';

/** The checks a signer will be asked for before the document opens (never the access code itself). */
export type InvitationChecks = { accessCode: boolean; emailCode: boolean };

/** What an invitation or reminder tells its signer to have ready; none for a signer who is gone. */
export async function invitationChecksOf(
  db: Database,
  signerId: string,
): Promise<InvitationChecks | undefined> {
  const [signer] = await db
    .select({ accessCodeHash: signers.accessCodeHash, requireEmailCode: signers.requireEmailCode })
    .from(signers)
    .where(eq(signers.id, signerId));
  return signer
    ? { accessCode: signer.accessCodeHash !== null, emailCode: signer.requireEmailCode }
    : undefined;
}
