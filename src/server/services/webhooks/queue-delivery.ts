import { z } from 'zod';
import type { Database } from '../../db/client';
import { enqueueMany, jobType } from '../../queue/job-type';

/**
 * The delivery job (its handler: jobs/definitions/attempt-webhook-delivery.ts): one per delivery,
 * plus one per resend; 30 s, 2 min, 8 min, 32 min, 2 h: six attempts over about three hours.
 */
export const deliverWebhookJob = jobType({
  type: 'deliver-webhook',
  payload: z.object({ deliveryId: z.uuid() }),
  maxAttempts: 6,
  lane: 'webhooks',
});

export type QueuedDelivery = { id: string; endpointId: string; organizationId: string; dedupeKey: string };

/**
 * Queues one attempt of a delivery in the webhooks lane (queue/job-lanes.ts), as work of the
 * endpoint's organization and under the endpoint's key, so a slow receiver holds up only its own
 * organization's deliveries, and only so many of them.
 */
export async function queueDelivery(
  tx: Database,
  delivery: { id: string; endpointId: string; organizationId: string },
  dedupeKey: string,
): Promise<void> {
  await queueDeliveries(tx, [{ ...delivery, dedupeKey }]);
}

/** Queues one attempt of each delivery, as `queueDelivery` does, in one statement. */
export async function queueDeliveries(tx: Database, deliveries: QueuedDelivery[]): Promise<void> {
  await enqueueMany(
    tx,
    deliverWebhookJob,
    deliveries.map((delivery) => ({
      payload: { deliveryId: delivery.id },
      dedupeKey: delivery.dedupeKey,
      organizationId: delivery.organizationId,
      concurrencyKey: delivery.endpointId,
    })),
  );
}
