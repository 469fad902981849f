import { eq } from 'drizzle-orm';
import type { SigningSession } from '../../../shared/api/signing';
import { AppError } from '../../../shared/errors';
import type { Database } from '../../db/client';
import { signers, signingLinks } from '../../db/schema';
import { appendHistory } from '../history/append-history';
import { notifyOwner } from '../notifications/notify-owner';
import { findSignerWithContract, signerAuthor } from './find-signer';
import { signingStateOf } from './signing-state';
import { hashSigningToken } from './signing-token';

/**
 * Resolves a signing link to its signer and says what it leads to. The first opening of a link
 * that may sign marks the signer viewed (history and a notification to the owner).
 */
export async function openSigningLink(
  db: Database,
  token: string,
  origin: { ip: string | null; userAgent: string | null },
): Promise<SigningSession> {
  const [link] = await db
    .select({ signerId: signingLinks.signerId })
    .from(signingLinks)
    .where(eq(signingLinks.tokenHash, hashSigningToken(token)));
  if (!link) {
    throw new AppError('NOT_FOUND', 'This signing link is not valid. Use the whole link from your e-mail.');
  }
  return db.transaction(async (tx) => {
    const {
      signer,
      contract,
      signers: all,
    } = await findSignerWithContract(tx, link.signerId, { lock: true });
    const state = signingStateOf({ contract, signer, signers: all });
    if (state === 'ready' && signer.status === 'pending') {
      const now = new Date();
      await tx.update(signers).set({ status: 'viewed', viewedAt: now }).where(eq(signers.id, signer.id));
      await appendHistory(tx, {
        contractId: contract.id,
        action: 'viewed',
        details: `Opened by ${signer.name} (${signer.email})`,
        author: signerAuthor(signer, origin),
        at: now,
      });
      await notifyOwner(tx, {
        contract,
        kind: 'viewed',
        message: `${signer.name} opened "${contract.title}"`,
        at: now,
      });
    }
    return { signerId: signer.id, state };
  });
}
