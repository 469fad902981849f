import { eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import * as clock from '../../clock';
import type { SignerContext } from '../../context';
import { signers } from '../../db/schema';
import { transition } from '../lifecycle/transition';
import { assertMayAct } from './closed-message';
import { findSignerWithContract, recipientFacts, signerAuthor } from './find-signer';

/**
 * A signer or witness declines, or an approver rejects: the contract is canceled (every other
 * link stops working) and the sender told, with the reason. A viewer has nothing to decline.
 */
export async function declineContract(ctx: SignerContext, reason: string): Promise<void> {
  const { db, signerId, linkId, origin } = ctx;
  await db.transaction(async (tx) => {
    const {
      signer,
      contract,
      signers: all,
    } = await findSignerWithContract(tx, signerId, { lock: true, link: linkId });
    assertMayAct({ contract, signer, signers: all });
    if (signer.role === 'viewer' || signer.role === 'cc') {
      throw new AppError('INVALID_INPUT', 'A viewer only reads the document: there is nothing to decline');
    }
    const now = clock.now();
    const rejected = signer.role === 'approver';
    await tx
      .update(signers)
      .set({
        status: rejected ? 'rejected' : 'declined',
        declinedAt: now,
        declineReason: reason,
        viewedAt: signer.viewedAt ?? now,
      })
      .where(eq(signers.id, signer.id));
    await transition(tx, {
      contract,
      step: rejected ? 'contract.rejected' : 'contract.declined',
      facts: { ...recipientFacts(signer), reason },
      author: signerAuthor(signer, origin),
      at: now,
    });
  });
}
