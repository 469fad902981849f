import type { EventType } from '../../../shared/events';
import type { Database } from '../../db/client';
import { events } from '../../db/schema';
import { enqueue } from '../../queue/job-type';
import { consumerJob, consumersWanting } from './event-consumers';

export type RecordedEvent = {
  organizationId: string;
  contractId: string | null;
  type: EventType;
  data?: Record<string, string | null>;
  at: Date;
  /** The user whose action it records, if a user's (subscriptions may ask; it is not stored). */
  authorUserId?: string | null;
};

/**
 * Records an event and queues, in the same transaction, one job for each consumer subscribed to
 * it that has something to do with it (services/lifecycle/event-consumers.ts decides, in this transaction).
 * The job's key is the consumer and the event, so a consumer reacts to an event once.
 * Called by `transition`, which writes the history entry with it; nothing records an event alone.
 */
export async function recordEvent(tx: Database, event: RecordedEvent): Promise<string> {
  const [row] = await tx
    .insert(events)
    .values({
      organizationId: event.organizationId,
      contractId: event.contractId,
      type: event.type,
      data: event.data ?? {},
      createdAt: event.at,
    })
    .returning({ id: events.id });
  if (!row) throw new Error('The event was not recorded');
  for (const consumer of await consumersWanting(tx, event)) {
    await enqueue(
      tx,
      consumerJob(consumer),
      { eventId: row.id },
      { organizationId: event.organizationId, dedupeKey: `${consumer.name}:${row.id}` },
    );
  }
  return row.id;
}
