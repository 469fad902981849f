import { eq } from 'drizzle-orm';
import type { EventData, EventType } from '../../shared/events';
import type { Database } from '../db/client';
import { type ContractHead, contractHeadColumns, contracts, type EventRow, events } from '../db/schema';

/**
 * A recorded event, typed by its type: `data` is what the event's schema in shared/events.ts
 * kept when `transition` recorded it, so narrowing on `type` types `data`.
 */
export type RecordedEvent = {
  [T in EventType]: Omit<EventRow, 'type' | 'data'> & { type: T; data: EventData<T> };
}[EventType];

/**
 * An event and the contract it is about (null once the contract is deleted), without its
 * document: no consumer reads it, and each event has several consumers.
 */
export async function eventOf(
  db: Database,
  eventId: string,
): Promise<{ event: RecordedEvent; contract: ContractHead | null } | null> {
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  if (!event) return null;
  const recorded = event as RecordedEvent;
  if (!event.contractId) return { event: recorded, contract: null };
  const [contract] = await db
    .select(contractHeadColumns)
    .from(contracts)
    .where(eq(contracts.id, event.contractId));
  return { event: recorded, contract: contract ?? null };
}
