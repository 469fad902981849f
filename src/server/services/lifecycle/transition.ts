import { and, eq } from 'drizzle-orm';
import type { HistoryAction } from '../../../shared/api/history';
import { AppError } from '../../../shared/errors';
import type { EventType } from '../../../shared/events';
import { type ContractStatus, canTransition, transitionRefusal } from '../../../shared/statuses';
import type { Database } from '../../db/client';
import { type ContractRow, contracts } from '../../db/schema';
import { appendHistory, type HistoryAuthor } from '../history/append-history';
import { recordEvent } from './record-event';

/** Columns a step of the lifecycle sets along with the status. */
type LifecycleColumns = Partial<
  Pick<ContractRow, 'sentAt' | 'expiresAt' | 'sequential' | 'completedAt' | 'sealedAt' | 'sealError'>
>;

export type ContractChange = {
  /** The contract as read with its row locked (FOR UPDATE) in this transaction. */
  contract: Pick<ContractRow, 'id' | 'organizationId' | 'status'>;
  /** The new status, checked against the status table; none for events that keep it. */
  to?: ContractStatus;
  set?: LifecycleColumns;
  event: { type: EventType; data?: Record<string, string | null> };
  history: { action: HistoryAction; details: string; author: HistoryAuthor };
  at: Date;
};

/**
 * The one way a contract's lifecycle moves: the status change (checked against the table in
 * shared/statuses.ts), its entry in the hash-chained history and the recorded event, whose
 * consumers (notifications, e-mail, the seal, webhooks) are queued — all in the caller's
 * transaction, so all of it happens or none. No other code writes a contract's status
 * (tests/unit/lifecycle-boundary.test.ts).
 */
export async function transition(tx: Database, change: ContractChange): Promise<string> {
  const { contract, to, at } = change;
  if (to) {
    if (!canTransition(contract.status, to)) {
      const refusal = transitionRefusal(contract.status, to);
      throw new AppError(refusal.code, refusal.message);
    }
    const updated = await tx
      .update(contracts)
      .set({ ...change.set, status: to, updatedAt: at })
      .where(and(eq(contracts.id, contract.id), eq(contracts.status, contract.status)))
      .returning({ id: contracts.id });
    // The caller holds the row lock, so only a caller that did not lock it can get here.
    if (updated.length === 0) throw new AppError('ID_CONFLICT', 'The contract changed meanwhile. Try again.');
  } else if (change.set && Object.keys(change.set).length > 0) {
    await tx.update(contracts).set(change.set).where(eq(contracts.id, contract.id));
  }
  await appendHistory(tx, {
    contractId: contract.id,
    action: change.history.action,
    details: change.history.details,
    author: change.history.author,
    at,
  });
  return recordEvent(tx, {
    organizationId: contract.organizationId,
    contractId: contract.id,
    type: change.event.type,
    ...(change.event.data ? { data: change.event.data } : {}),
    at,
  });
}
