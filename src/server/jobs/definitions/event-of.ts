import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type ContractRow, contracts, type EventRow, events } from '../../db/schema';

/** An event and the contract it is about (null once the contract is deleted). */
export async function eventOf(
  db: Database,
  eventId: string,
): Promise<{ event: EventRow; contract: ContractRow | null } | null> {
  const [event] = await db.select().from(events).where(eq(events.id, eventId));
  if (!event) return null;
  if (!event.contractId) return { event, contract: null };
  const [contract] = await db.select().from(contracts).where(eq(contracts.id, event.contractId));
  return { event, contract: contract ?? null };
}
