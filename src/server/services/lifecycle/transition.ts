import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import { type EventType, eventCatalogue } from '../../../shared/events';
import { canTransition, transitionRefusal } from '../../../shared/statuses';
import type { Database } from '../../db/client';
import { type ContractRow, contracts } from '../../db/schema';
import { queueMail } from '../../mail/queue-mail';
import { appendHistory, type HistoryAuthor } from './append-history';
import { recordEvent } from './record-event';
import { type Step, type StepFacts, steps } from './steps';

/** Columns a step of the lifecycle sets along with the status. */
type LifecycleColumns = Partial<
  Pick<ContractRow, 'sentAt' | 'expiresAt' | 'sequential' | 'completedAt' | 'sealedAt' | 'sealError'>
>;

export type StepTaken<T extends EventType> = {
  /** The contract as read with its row locked (FOR UPDATE) in this transaction. */
  contract: Pick<ContractRow, 'id' | 'organizationId' | 'status'>;
  step: T;
  facts: StepFacts<T>;
  author: HistoryAuthor;
  at: Date;
  /** Columns the step sets along with its status move. */
  set?: LifecycleColumns;
};

/**
 * The one way a contract's life moves: takes a step declared in ./steps.ts — its status change
 * (checked against the table in shared/statuses.ts), its entry in the hash-chained history, its
 * event (whose data is the facts as the event's schema keeps them) with the consumers that follow
 * it queued, and its mail — all in the caller's transaction, so all of it happens or none. No
 * other code writes a contract's status, history, events or bell notices
 * (tests/unit/lifecycle-boundary.test.ts). Returns the event's id.
 */
export async function transition<T extends EventType>(tx: Database, taken: StepTaken<T>): Promise<string> {
  const { contract, at, author, facts } = taken;
  const step = steps[taken.step] as Step<T>;
  const context = { author, at, contract };
  if (step.to) {
    if (!canTransition(contract.status, step.to)) {
      const refusal = transitionRefusal(contract.status, step.to);
      throw new AppError(refusal.code, refusal.message);
    }
    const updated = await tx
      .update(contracts)
      .set({ ...taken.set, status: step.to, updatedAt: at })
      .where(and(eq(contracts.id, contract.id), eq(contracts.status, contract.status)))
      .returning({ id: contracts.id });
    // The caller holds the row lock, so only a caller that did not lock it can get here.
    if (updated.length === 0) throw new AppError('ID_CONFLICT', 'The contract changed meanwhile. Try again.');
  } else if (taken.set && Object.keys(taken.set).length > 0) {
    await tx.update(contracts).set(taken.set).where(eq(contracts.id, contract.id));
  }
  if (step.history) {
    const { action, details } = step.history;
    await appendHistory(tx, {
      contractId: contract.id,
      action: typeof action === 'function' ? action(facts) : action,
      details: details(facts, context),
      author,
      at,
    });
  }
  const eventId = await recordEvent(tx, {
    organizationId: contract.organizationId,
    contractId: contract.id,
    type: taken.step,
    data: eventCatalogue[taken.step].data.parse(facts),
    at,
    authorUserId: author.userId,
  });
  for (const mail of step.mail?.(facts, context) ?? []) await queueMail(tx, mail);
  return eventId;
}
