import { eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { Actor } from '../../actor';
import type { Database } from '../../db/client';
import { contracts, signers } from '../../db/schema';
import { queueMail } from '../../mail/queue-mail';
import { findOwnContract } from '../../policies/scope';
import { appendHistory } from '../history/append-history';
import { authorOf } from '../history/author-of';

/** Voids a sent contract: its links stop working, and every signer who was invited is told why. */
export async function cancelContract(db: Database, actor: Actor, id: string, reason: string): Promise<void> {
  await db.transaction(async (tx) => {
    const contract = await findOwnContract(tx, actor, id, { kind: 'contract', forUpdate: true });
    if (contract.status !== 'sent') {
      throw new AppError(
        'CONTRACT_NOT_OPEN',
        `This contract is ${contract.status}; only a sent contract can be canceled`,
      );
    }
    const now = new Date();
    await tx.update(contracts).set({ status: 'canceled', updatedAt: now }).where(eq(contracts.id, id));
    await appendHistory(tx, {
      contractId: id,
      action: 'canceled',
      details: `Canceled by ${actor.userName}: ${reason}`,
      author: authorOf(actor),
      at: now,
    });
    const invited = await tx.select().from(signers).where(eq(signers.contractId, id));
    for (const signer of invited) {
      if (!signer.invitedAt || signer.status === 'declined') continue;
      await queueMail(tx, {
        organizationId: actor.organizationId,
        contractId: id,
        signerId: signer.id,
        kind: 'canceled',
        to: { name: signer.name, email: signer.email },
        params: { reason },
        dedupeKey: `canceled:${signer.id}`,
      });
    }
  });
}
