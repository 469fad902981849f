import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import { signers } from '../../db/schema';
import { findOwnContract } from '../../policies/scope';
import { authorOf } from '../history/author-of';
import { transition } from '../lifecycle/transition';
import { consumeOutgoingMail } from '../rate-limits/outgoing-mail-limits';
import { isNamed, recipientFacts } from '../signing/find-signer';
import { maxAuthFailures, restartSignerTries } from '../signing/signer-authentication';

/**
 * The sender's 'Send again' for a signer of a sealed contract: the completion's message once more
 * (the sealed PDF attached, or a fresh download link for a larger one, which retires their earlier
 * download links when it is made). It is how a signer who lost the message, or who locked their
 * download link with wrong codes, gets in again: as with the sender's reminder, their tries start
 * over and their earlier links stop working.
 */
export async function sendSignedCopy(
  ctx: ServiceContext,
  contractId: string,
  signerId: string,
): Promise<void> {
  const { db, actor } = ctx;
  await db.transaction(async (tx) => {
    const contract = await findOwnContract(tx, actor, contractId, {
      kind: 'contract',
      forUpdate: true,
      content: false,
    });
    const [signer] = await tx
      .select()
      .from(signers)
      .where(and(eq(signers.id, signerId), eq(signers.contractId, contractId)));
    if (!signer || !isNamed(signer)) throw new AppError('NOT_FOUND', 'Signer not found');
    if (contract.status !== 'signed' || !contract.sealedAt) {
      throw new AppError(
        'SIGNING_CLOSED',
        'The sealed PDF is not ready yet: it is sent to everyone once it is',
      );
    }
    if (signer.status === 'delegated') {
      throw new AppError('SIGNING_CLOSED', `${signer.name} handed their turn to someone else`);
    }
    await consumeOutgoingMail(tx, actor.organizationId, 'signingRecipients', 1);
    const unlock = signer.authFailures > 0;
    if (unlock) await restartSignerTries(tx, signer.id);
    const now = new Date();
    // The step's mail is the message itself (lifecycle/steps.ts).
    await transition(tx, {
      contract,
      step: 'signer.copy_sent',
      facts: {
        ...recipientFacts(signer),
        retiredLinks: unlock,
        wasLocked: signer.authFailures >= maxAuthFailures,
      },
      author: authorOf(actor),
      at: now,
    });
  });
}
