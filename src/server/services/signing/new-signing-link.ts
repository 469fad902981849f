import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type ContractHead, signers, signingLinks } from '../../db/schema';
import { newLinkToken } from './link-token';
import { routeMemberColumns } from './route-members';
import { signingStateOf } from './signing-state';

/**
 * A fresh signing link for the e-mail being composed now (an invitation or reminder): its token
 * goes into that e-mail and only its SHA-256 is stored. None for a recipient who has acted,
 * has no link (a CC) or must wait for their turn (a completion e-mail's link is new-download-link.ts),
 * and none for a recipient another app shows the page to (embedded): their link is that app's to
 * ask for (embedding/embed-link.ts), and the invitation is skipped.
 */
export async function newSigningLink(
  db: Database,
  contract: ContractHead,
  signerId: string,
): Promise<string | null> {
  const all = await db
    .select({ ...routeMemberColumns, delivery: signers.delivery })
    .from(signers)
    .where(eq(signers.contractId, contract.id))
    .orderBy(asc(signers.position), asc(signers.createdAt));
  const signer = all.find((candidate) => candidate.id === signerId);
  if (!signer || signer.delivery === 'embedded') return null;
  if (signingStateOf({ contract, signer, signers: all }) !== 'ready') return null;
  const { token, hash } = newLinkToken();
  await db.insert(signingLinks).values({ signerId, tokenHash: hash });
  return token;
}
