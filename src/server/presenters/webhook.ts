import type { WebhookDelivery, WebhookEndpoint } from '../../shared/api/webhooks';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../db/schema';

export function presentWebhookEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    allEvents: row.allEvents,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The webhook-id of every attempt of one delivery. */
export const messageIdOf = (deliveryId: string) => `msg_${deliveryId}`;

export function presentWebhookDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    messageId: messageIdOf(row.id),
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    statusCode: row.statusCode,
    durationMs: row.durationMs,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  };
}
