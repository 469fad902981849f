import { index, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { NotificationKind } from '../../../shared/api/notifications';
import { users } from './accounts';
import { at, createdAt, id } from './columns';
import { contracts } from './contracts';
import { eventTypeEnum } from './enums';
import { organizations } from './organizations';

// What happened to a contract (the events its consumers react to) and the bell notifications.

/**
 * What happened to a contract, recorded in the transaction that made it happen (see
 * services/lifecycle). Consumers (notifications, e-mail, the seal, webhooks) are jobs queued in
 * that same transaction, one per consumer and event.
 */
export const events = pgTable(
  'events',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    contractId: uuid('contract_id').references(() => contracts.id, { onDelete: 'cascade' }),
    type: eventTypeEnum('type').notNull(),
    /** The facts a consumer needs that the contract row does not keep (who signed, the reason). */
    data: jsonb('data').$type<Record<string, string | null>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('events_organization_idx').on(t.organizationId, t.createdAt),
    index('events_contract_idx').on(t.contractId),
  ],
);
export type EventRow = typeof events.$inferSelect;

/** What the bell shows a user: events on the contracts they own. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contractId: uuid('contract_id').references(() => contracts.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    message: text('message').notNull(),
    /** The event it tells about: one notification per event, however often its consumer runs. */
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    readAt: at('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('notifications_event_user_key').on(t.eventId, t.userId),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;
