import { z } from 'zod';
import type { Database } from '../../db/client';
import { enqueueJob } from '../../jobs/job-queue';

/** The delivery job (jobs/definitions/deliver-webhook.ts): one per delivery, plus one per resend. */
export const deliverWebhookType = 'deliver-webhook';
/** 30 s, 2 min, 8 min, 32 min, 2 h: six attempts over about three hours. */
export const deliverWebhookMaxAttempts = 6;
export const deliveryPayload = z.object({ deliveryId: z.uuid() });

/**
 * Queues one attempt of a delivery in the webhooks lane (jobs/job-lanes.ts), as work of the
 * endpoint's organization and under the endpoint's key, so a slow receiver holds up only its own
 * organization's deliveries, and only so many of them.
 */
export async function queueDelivery(
  tx: Database,
  delivery: { id: string; endpointId: string; organizationId: string },
  dedupeKey: string,
): Promise<void> {
  await enqueueJob(tx, {
    type: deliverWebhookType,
    payload: { deliveryId: delivery.id },
    maxAttempts: deliverWebhookMaxAttempts,
    dedupeKey,
    lane: 'webhooks',
    organizationId: delivery.organizationId,
    concurrencyKey: delivery.endpointId,
  });
}
