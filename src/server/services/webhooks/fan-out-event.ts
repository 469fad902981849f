import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { events, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { endpointsWanting } from '../lifecycle/event-consumers';
import { queueDeliveries } from './queue-delivery';

/**
 * One delivery row per enabled endpoint of the event's organization that wants it (the rule the
 * event's subscription asked when it queued this job), and a delivery job each, in one
 * transaction. Run twice, it finds the rows there and queues nothing.
 *
 * However many endpoints there are, it is three statements: the event, the deliveries (one
 * insert from the endpoints, which leaves out those already there) and their jobs (one insert).
 * With the embedded database every statement holds the one connection, and the process, for its
 * turn: forty statements for twenty endpoints once stalled every other request for tens of ms.
 */
export async function fanOutEvent(db: Database, eventId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [event] = await tx
      .select({ id: events.id, organizationId: events.organizationId, type: events.type })
      .from(events)
      .where(eq(events.id, eventId));
    if (!event) return 0;
    const inserted = await tx.execute(sql`
      insert into ${webhookDeliveries} (endpoint_id, event_id, event_type)
      select ${webhookEndpoints.id}, ${events.id}, ${events.type}
      from ${webhookEndpoints} join ${events} on ${events.id} = ${event.id}
      where ${endpointsWanting(event.organizationId, event.type)}
      on conflict do nothing
      returning id, endpoint_id`);
    const deliveries = (inserted as unknown as { rows: { id: string; endpoint_id: string }[] }).rows;
    await queueDeliveries(
      tx,
      deliveries.map((delivery) => ({
        id: delivery.id,
        endpointId: delivery.endpoint_id,
        organizationId: event.organizationId,
        dedupeKey: `deliver-webhook:${delivery.endpoint_id}:${event.id}`,
      })),
    );
    return deliveries.length;
  });
}
