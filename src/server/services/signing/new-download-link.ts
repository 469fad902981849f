import { and, eq } from 'drizzle-orm';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { type ContractHead, signers, signingLinks } from '../../db/schema';
import { newLinkToken } from './link-token';

/** How long a completion e-mail's download link works. */
export const downloadLinkTtlMs = 30 * 24 * 60 * 60 * 1000;

/**
 * A fresh download link for the completion e-mail being composed now, when the sealed PDF is too
 * large to attach: it opens the signer's signing page only to download that PDF (the checks the
 * sender set still stand), until it expires. The signer's earlier download links stop working, so
 * Send again retires the copy it replaces. None for a signer who has not signed, or before the seal.
 */
export async function newDownloadLink(
  db: Database,
  contract: Pick<ContractHead, 'id' | 'status'>,
  signerId: string,
  now = clock.now(),
): Promise<{ token: string; expiresAt: Date } | null> {
  const [signer] = await db
    .select({ status: signers.status })
    .from(signers)
    .where(and(eq(signers.id, signerId), eq(signers.contractId, contract.id)));
  if (signer?.status !== 'signed' || contract.status !== 'signed') return null;
  const { token, hash } = newLinkToken();
  const expiresAt = new Date(now.getTime() + downloadLinkTtlMs);
  await db.transaction(async (tx) => {
    await tx
      .delete(signingLinks)
      .where(and(eq(signingLinks.signerId, signerId), eq(signingLinks.purpose, 'download')));
    await tx.insert(signingLinks).values({ signerId, tokenHash: hash, purpose: 'download', expiresAt });
  });
  return { token, expiresAt };
}
