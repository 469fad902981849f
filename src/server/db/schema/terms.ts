import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  deadlineKinds,
  renewalKinds,
  type SourcedTerm,
  termDurations,
  termFieldKinds,
} from '../../../shared/terms';
import { users } from './accounts';
import { at, createdAt, id, updatedAt } from './columns';
import { contracts } from './contracts';
import { events } from './events';
import { organizations } from './organizations';

export const termDurationEnum = pgEnum('term_duration', termDurations);
export const renewalKindEnum = pgEnum('renewal_kind', renewalKinds);
export const termFieldKindEnum = pgEnum('term_field_kind', termFieldKinds);
export const deadlineKindEnum = pgEnum('deadline_kind', deadlineKinds);

/** The contract types an organization's admins keep (services/terms/README.md). */
export const contractTypes = pgTable(
  'contract_types',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('contract_types_organization_name_key').on(t.organizationId, sql`lower(${t.name})`)],
);
export type ContractTypeRow = typeof contractTypes.$inferSelect;

/** The organization's own term fields: a text, number, date or choice every contract may have. */
export const termFields = pgTable(
  'term_fields',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Where a contract's value of it is kept (contract_terms.custom), fixed when it is made. */
    key: text('key').notNull(),
    kind: termFieldKindEnum('kind').notNull(),
    /** A choice field's options, in order; empty for the other kinds. */
    options: text('options').array().notNull().default(sql`'{}'::text[]`),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('term_fields_organization_key_key').on(t.organizationId, t.key),
    uniqueIndex('term_fields_organization_name_key').on(t.organizationId, sql`lower(${t.name})`),
  ],
);
export type TermFieldRow = typeof termFields.$inferSelect;

/**
 * A contract's (or template's) key terms: what the agreement says, kept beside the signed
 * document and never in it. One row per contract that has any; `end_on` is stored even when it
 * follows from a duration, so deadlines and reports read one column.
 */
export const contractTerms = pgTable(
  'contract_terms',
  {
    contractId: uuid('contract_id')
      .primaryKey()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    counterpartyCompany: text('counterparty_company'),
    counterpartyContact: text('counterparty_contact'),
    counterpartyEmail: text('counterparty_email'),
    typeId: uuid('type_id').references(() => contractTypes.id, { onDelete: 'set null' }),
    value: numeric('value', { precision: 15, scale: 2 }),
    currency: text('currency'),
    effectiveOn: date('effective_on', { mode: 'string' }),
    duration: termDurationEnum('duration'),
    durationMonths: integer('duration_months'),
    endOn: date('end_on', { mode: 'string' }),
    renewal: renewalKindEnum('renewal').notNull().default('none'),
    renewalMonths: integer('renewal_months'),
    noticeDays: integer('notice_days'),
    /** Who answers for the contract's deadlines; null: whoever created it. */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /** The organization's own terms, by their field's key. */
    custom: jsonb('custom').$type<Record<string, string | number>>().notNull().default({}),
    /** Terms that follow one of the draft's merge fields, by term: the merge field's key. */
    sources: jsonb('sources').$type<Partial<Record<SourcedTerm, string>>>().notNull().default({}),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('contract_terms_organization_type_idx').on(t.organizationId, t.typeId),
    index('contract_terms_counterparty_idx').on(t.organizationId, sql`lower(${t.counterpartyCompany})`),
    // A tags filter matches in any case: lower_tags (the migration's) is the tags in lower case.
    index('contract_terms_lower_tags_idx').using('gin', sql`lower_tags(${t.tags})`),
    // The renewal sweep looks only at what renews by itself.
    index('contract_terms_renewal_idx').on(t.endOn).where(sql`${t.renewal} = 'automatic'`),
    check('contract_terms_currency', sql`${t.currency} is null or ${t.currency} ~ '^[A-Z]{3}$'`),
  ],
);
export type ContractTermsRow = typeof contractTerms.$inferSelect;

/**
 * The days a contract's terms make deadlines of, rewritten with its terms (services/terms): the
 * Deadlines page, the dashboard, calendar feeds and reminders read this, by day.
 */
export const contractDeadlines = pgTable(
  'contract_deadlines',
  {
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: deadlineKindEnum('kind').notNull(),
    /** The term field's key for a 'term' deadline; '' for the notice and end dates. */
    key: text('key').notNull().default(''),
    /** The term field's name when it was written, for a 'term' deadline. */
    label: text('label'),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.contractId, t.kind, t.key] }),
    index('contract_deadlines_organization_due_idx').on(t.organizationId, t.dueOn),
    index('contract_deadlines_due_idx').on(t.dueOn),
  ],
);
export type ContractDeadlineRow = typeof contractDeadlines.$inferSelect;

/** Members who asked to hear of a contract's deadlines, besides its owner. */
export const contractWatchers = pgTable(
  'contract_watchers',
  {
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.contractId, t.userId] }),
    index('contract_watchers_user_idx').on(t.userId),
  ],
);

/**
 * Each reminder a person was given of a deadline, one per lead time it crossed: a reminder is
 * given once, however often the sweep runs, and a moved deadline (a new day) is a new one.
 */
export const deadlineReminders = pgTable(
  'deadline_reminders',
  {
    id: id(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: deadlineKindEnum('kind').notNull(),
    key: text('key').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    leadDays: integer('lead_days').notNull(),
    /** The step that told of it (contract.deadline_approaching); its consumer writes the bell and mail. */
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'set null' }),
    /** For a person who takes a daily digest: when the digest that listed it was queued. */
    digestedAt: at('digested_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('deadline_reminders_once_key').on(t.contractId, t.userId, t.kind, t.key, t.dueOn, t.leadDays),
    index('deadline_reminders_event_idx').on(t.eventId),
    index('deadline_reminders_digest_idx').on(t.userId).where(sql`${t.digestedAt} is null`),
  ],
);

/** How a person hears of deadlines: lead times, a daily digest instead of one e-mail each, and their calendar feed. */
export const deadlinePreferences = pgTable(
  'deadline_preferences',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    leadDays: integer('lead_days').array().notNull(),
    digest: boolean('digest').notNull().default(false),
    /** SHA-256 of the calendar feed address's secret; null: no feed (or revoked). */
    feedTokenHash: text('feed_token_hash'),
    feedCreatedAt: at('feed_created_at'),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('deadline_preferences_feed_key').on(t.feedTokenHash)],
);
