import { eq } from 'drizzle-orm';
import type { SignerContext } from '../../context';
import { signers } from '../../db/schema';
import { transition } from '../lifecycle/transition';
import { assertReady } from './closed-message';
import { findSignerWithContract, signerAuthor } from './find-signer';
import { signingStateOf } from './signing-state';

/** A signer declines: the contract is canceled (every other link stops working) and the sender told. */
export async function declineContract(ctx: SignerContext, reason: string): Promise<void> {
  const { db, signerId, linkId, origin } = ctx;
  await db.transaction(async (tx) => {
    const {
      signer,
      contract,
      signers: all,
    } = await findSignerWithContract(tx, signerId, { lock: true, link: linkId });
    assertReady(signingStateOf({ contract, signer, signers: all }));
    const now = new Date();
    await tx
      .update(signers)
      .set({ status: 'declined', declinedAt: now, declineReason: reason, viewedAt: signer.viewedAt ?? now })
      .where(eq(signers.id, signer.id));
    await transition(tx, {
      contract,
      step: 'contract.declined',
      facts: { signerId: signer.id, signerName: signer.name, signerEmail: signer.email, reason },
      author: signerAuthor(signer, origin),
      at: now,
    });
  });
}
