import { deliverWebhook } from '../../services/webhooks/attempt-delivery';
import {
  deliverWebhookMaxAttempts,
  deliverWebhookType,
  deliveryPayload,
} from '../../services/webhooks/queue-delivery';
import { jobDefinition } from '../job-definition';

/** One attempt to POST one delivery; a failure is thrown, so the queue retries with its backoff. */
export const deliverWebhookJob = jobDefinition({
  type: deliverWebhookType,
  payload: deliveryPayload,
  maxAttempts: deliverWebhookMaxAttempts,
  async handle(deps, { deliveryId }, job) {
    await deliverWebhook(deps, deliveryId, { final: job.attempts >= job.maxAttempts });
  },
});
