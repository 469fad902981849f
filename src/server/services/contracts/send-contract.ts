import { count, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { canTransition } from '../../../shared/statuses';
import type { Actor } from '../../actor';
import type { Database } from '../../db/client';
import { contracts, signers } from '../../db/schema';
import { findOwnContract } from '../../policies/scope';
import { appendHistory } from '../history/append-history';
import { authorOf } from '../history/author-of';

/**
 * Marks a draft sent: it needs a title and at least one signer, and from then on it can no
 * longer be edited. (Freezing the PDF, the signing links and the invitations join this step
 * with the signing ceremony.)
 */
export async function sendContract(db: Database, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const contract = await findOwnContract(tx, actor, id, { kind: 'contract', forUpdate: true });
    if (!canTransition(contract.status, 'sent')) {
      throw new AppError(
        'CONTRACT_NOT_SENDABLE',
        `This contract is ${contract.status}; only a draft can be sent`,
      );
    }
    const [signerCount] = await tx
      .select({ n: count() })
      .from(signers)
      .where(eq(signers.contractId, contract.id));
    const n = signerCount?.n ?? 0;
    if (n === 0) throw new AppError('INVALID_INPUT', 'Add at least one signer before sending', 'signers');
    const now = new Date();
    await tx.update(contracts).set({ status: 'sent', updatedAt: now }).where(eq(contracts.id, contract.id));
    await appendHistory(tx, {
      contractId: contract.id,
      action: 'sent',
      details: `Sent to ${n} signer${n === 1 ? '' : 's'}`,
      author: authorOf(actor),
      at: now,
    });
  });
}
