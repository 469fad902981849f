import { z } from 'zod';
import type { Database } from '../../db/client';
import { enqueueJob } from '../../jobs/job-queue';

/** The delivery job (jobs/definitions/deliver-webhook.ts): one per delivery, plus one per resend. */
export const deliverWebhookType = 'deliver-webhook';
/** 30 s, 2 min, 8 min, 32 min, 2 h: six attempts over about three hours. */
export const deliverWebhookMaxAttempts = 6;
export const deliveryPayload = z.object({ deliveryId: z.uuid() });

export async function queueDelivery(tx: Database, deliveryId: string, dedupeKey: string): Promise<void> {
  await enqueueJob(tx, {
    type: deliverWebhookType,
    payload: { deliveryId },
    maxAttempts: deliverWebhookMaxAttempts,
    dedupeKey,
  });
}
