import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { events, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { endpointsWanting } from '../../jobs/event-subscriptions';
import { queueDelivery } from './queue-delivery';

/**
 * One delivery row per enabled endpoint of the event's organization that wants it (the rule the
 * event's subscription asked when it queued this job), and a delivery job each, in one
 * transaction. Run twice, it finds the rows there and queues nothing.
 */
export async function fanOutEvent(db: Database, eventId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const [event] = await tx
      .select({ id: events.id, organizationId: events.organizationId, type: events.type })
      .from(events)
      .where(eq(events.id, eventId));
    if (!event) return 0;
    const endpoints = await tx
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(endpointsWanting(event.organizationId, event.type));
    let queued = 0;
    for (const endpoint of endpoints) {
      const [delivery] = await tx
        .insert(webhookDeliveries)
        .values({ endpointId: endpoint.id, eventId: event.id, eventType: event.type })
        .onConflictDoNothing()
        .returning({ id: webhookDeliveries.id });
      if (!delivery) continue;
      await queueDelivery(
        tx,
        { id: delivery.id, endpointId: endpoint.id, organizationId: event.organizationId },
        `deliver-webhook:${endpoint.id}:${event.id}`,
      );
      queued += 1;
    }
    return queued;
  });
}
