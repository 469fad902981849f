import { and, eq, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contracts } from '../../db/schema';
import { queueMail } from '../../mail/queue-mail';
import { contractOwner } from '../contracts/contract-owner';
import { appendHistory } from '../history/append-history';
import { systemAuthor } from '../history/author-of';
import { notifyOwner } from '../notifications/notify-owner';

/**
 * Marks sent contracts past their expiry `expired`, one transaction each, and tells the sender.
 * Rows another process is handling are skipped (SKIP LOCKED), so every contract expires once.
 */
export async function expireContracts(db: Database, now = new Date()): Promise<number> {
  let expired = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const [contract] = await tx
        .select()
        .from(contracts)
        .where(and(eq(contracts.status, 'sent'), lte(contracts.expiresAt, now)))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!contract) return true;
      await tx
        .update(contracts)
        .set({ status: 'expired', updatedAt: now })
        .where(eq(contracts.id, contract.id));
      await appendHistory(tx, {
        contractId: contract.id,
        action: 'expired',
        details: `Expired on ${contract.expiresAt?.toISOString() ?? now.toISOString()} before every signer had signed`,
        author: systemAuthor,
        at: now,
      });
      await notifyOwner(tx, {
        contract,
        kind: 'expired',
        message: `"${contract.title}" expired`,
        at: now,
      });
      const owner = await contractOwner(tx, contract.createdBy);
      if (owner) {
        await queueMail(tx, {
          organizationId: contract.organizationId,
          contractId: contract.id,
          kind: 'expired',
          to: owner,
          dedupeKey: `expired:${contract.id}`,
        });
      }
      return false;
    });
    if (done) return expired;
    expired += 1;
  }
}
