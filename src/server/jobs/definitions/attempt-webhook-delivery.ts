import { deliverWebhook } from '../../services/webhooks/deliver-webhook';
import { deliverWebhookJob } from '../../services/webhooks/queue-delivery';
import { jobDefinition } from '../job-definition';

/** One attempt to POST one delivery; a failure is thrown, so the queue retries with its backoff. */
export const attemptWebhookDelivery = jobDefinition({
  ...deliverWebhookJob,
  async handle(deps, { deliveryId }, job) {
    await deliverWebhook(deps, deliveryId, { final: job.attempts >= job.maxAttempts });
  },
});
