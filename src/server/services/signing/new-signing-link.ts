import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type ContractHead, signers, signingLinks } from '../../db/schema';
import { signingStateOf } from './signing-state';
import { newSigningToken } from './signing-token';

/**
 * A fresh signing link for the e-mail being composed now (an invitation or reminder): its token
 * goes into that e-mail and only its SHA-256 is stored. None for a signer who has signed,
 * declined or must wait for their turn (for a download link: none but for one who has signed).
 */
export async function newSigningLink(
  db: Database,
  contract: ContractHead,
  signerId: string,
  /**
   * 'download': for a signer who has signed, to fetch the sealed PDF from their signing page
   * (the completion's e-mail when it is too large to attach); the checks the sender set still stand.
   */
  purpose: 'sign' | 'download' = 'sign',
): Promise<string | null> {
  const all = await db
    .select({ id: signers.id, status: signers.status, signingOrder: signers.signingOrder })
    .from(signers)
    .where(eq(signers.contractId, contract.id))
    .orderBy(asc(signers.signingOrder));
  const signer = all.find((candidate) => candidate.id === signerId);
  if (
    !signer ||
    signingStateOf({ contract, signer, signers: all }) !== (purpose === 'sign' ? 'ready' : 'signed')
  )
    return null;
  const { token, hash } = newSigningToken();
  await db.insert(signingLinks).values({ signerId, tokenHash: hash });
  return token;
}
