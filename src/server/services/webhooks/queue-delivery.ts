import { z } from 'zod';
import type { Database } from '../../db/client';
import { enqueueJobs } from '../../queue/job-queue';

/** The delivery job (jobs/definitions/attempt-webhook-delivery.ts): one per delivery, plus one per resend. */
export const deliverWebhookType = 'deliver-webhook';
/** 30 s, 2 min, 8 min, 32 min, 2 h: six attempts over about three hours. */
export const deliverWebhookMaxAttempts = 6;
export const deliveryPayload = z.object({ deliveryId: z.uuid() });

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
  await enqueueJobs(
    tx,
    deliveries.map((delivery) => ({
      type: deliverWebhookType,
      payload: { deliveryId: delivery.id },
      maxAttempts: deliverWebhookMaxAttempts,
      dedupeKey: delivery.dedupeKey,
      lane: 'webhooks',
      organizationId: delivery.organizationId,
      concurrencyKey: delivery.endpointId,
    })),
  );
}
