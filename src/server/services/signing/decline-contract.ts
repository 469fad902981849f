import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contracts, signers } from '../../db/schema';
import { queueMail } from '../../mail/queue-mail';
import { contractOwner } from '../contracts/contract-owner';
import { appendHistory } from '../history/append-history';
import { notifyOwner } from '../notifications/notify-owner';
import { assertReady } from './closed-message';
import { findSignerWithContract, signerAuthor } from './find-signer';
import { signingStateOf } from './signing-state';

/** A signer declines: the contract is canceled (every other link stops working) and the sender told. */
export async function declineContract(
  db: Database,
  signerId: string,
  reason: string,
  origin: { ip: string | null; userAgent: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const { signer, contract, signers: all } = await findSignerWithContract(tx, signerId, { lock: true });
    assertReady(signingStateOf({ contract, signer, signers: all }));
    const now = new Date();
    await tx
      .update(signers)
      .set({ status: 'declined', declinedAt: now, declineReason: reason, viewedAt: signer.viewedAt ?? now })
      .where(eq(signers.id, signer.id));
    await tx
      .update(contracts)
      .set({ status: 'canceled', updatedAt: now })
      .where(eq(contracts.id, contract.id));
    await appendHistory(tx, {
      contractId: contract.id,
      action: 'declined',
      details: `Declined by ${signer.name} (${signer.email}): ${reason}`,
      author: signerAuthor(signer, origin),
      at: now,
    });
    await notifyOwner(tx, {
      contract,
      kind: 'declined',
      message: `${signer.name} declined "${contract.title}"`,
      at: now,
    });
    const owner = await contractOwner(tx, contract.createdBy);
    if (owner) {
      await queueMail(tx, {
        organizationId: contract.organizationId,
        contractId: contract.id,
        kind: 'declined',
        to: owner,
        params: { signerName: signer.name, reason },
        dedupeKey: `declined:${contract.id}`,
      });
    }
  });
}
