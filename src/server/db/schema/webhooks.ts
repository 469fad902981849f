import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id, updatedAt } from './columns';
import { eventTypeEnum, webhookDeliveryStatusEnum } from './enums';
import { events } from './events';
import { organizations } from './organizations';

// Webhook endpoints and their deliveries.

/** Where an organization's events are POSTed (Standard Webhooks), and what it wants. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    allEvents: boolean('all_events').notNull().default(true),
    events: eventTypeEnum('events').array().notNull().default(sql`'{}'`),
    /** The whsec_ signing key, sealed with SESSION_SECRET (services/settings/secret-box.ts). */
    secretSealed: text('secret_sealed').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    /** Failed attempts in a row, and when the first of them was: a success clears both. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    failingSince: at('failing_since'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_organization_idx').on(t.organizationId)],
);
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/** One event for one endpoint: its attempts are the delivery job's runs. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    eventType: eventTypeEnum('event_type').notNull(),
    status: webhookDeliveryStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms'),
    /** Why the last attempt failed, or the first 500 characters of a failed response. */
    error: text('error'),
    lastAttemptAt: at('last_attempt_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_key').on(t.endpointId, t.eventId),
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt, t.id),
  ],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
