import { and, eq, lte } from 'drizzle-orm';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { type ContractRow, contracts } from '../../db/schema';
import { systemAuthor } from '../history/author-of';
import { transition } from '../lifecycle/transition';

/**
 * Marks sent contracts past their expiry `expired`, one transaction each (the event tells the
 * sender). Rows another process is handling are skipped (SKIP LOCKED), so every contract expires once.
 */
export async function expireContracts(db: Database, now = clock.now()): Promise<number> {
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
      await expireContract(tx, contract, now);
      return false;
    });
    if (done) return expired;
    expired += 1;
  }
}

/** Expires one sent contract, locked by the caller. */
export async function expireContract(tx: Database, contract: ContractRow, now: Date): Promise<void> {
  await transition(tx, {
    contract,
    step: 'contract.expired',
    facts: { expiresAt: contract.expiresAt },
    author: systemAuthor,
    at: now,
  });
}
