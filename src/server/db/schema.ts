import { relations, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { EditorDocument } from '../../shared/api/editor-document';
import { contractStatuses, signerStatuses } from '../../shared/statuses';

const id = () => uuid('id').primaryKey().defaultRandom();
// Millisecond precision, like a JavaScript Date: a keyset cursor made from a row then finds it exactly.
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });
const createdAt = () => at('created_at').notNull().defaultNow();
const updatedAt = () => at('updated_at').notNull().defaultNow();

export const roleEnum = pgEnum('role', ['admin', 'member']);
export const contractStatusEnum = pgEnum('contract_status', contractStatuses);
export const signerStatusEnum = pgEnum('signer_status', signerStatuses);
export const customFieldTypeEnum = pgEnum('custom_field_type', ['text', 'email', 'phone']);
export const jobStatusEnum = pgEnum('job_status', ['queued', 'running', 'succeeded', 'failed']);

export const organizations = pgTable('organizations', {
  id: id(),
  name: text('name').notNull(),
  logoUrl: text('logo_url'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    avatarUrl: text('avatar_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);

export const memberships = pgTable(
  'memberships',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: roleEnum('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('memberships_organization_user_key').on(t.organizationId, t.userId),
    index('memberships_user_idx').on(t.userId),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    persistent: boolean('persistent').notNull(),
    expiresAt: at('expires_at').notNull(),
    ip: text('ip'),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const customFields = pgTable(
  'custom_fields',
  {
    id: id(),
    /** null for the three system fields every organization shares */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    key: text('key').notNull(),
    type: customFieldTypeEnum('type').notNull(),
    required: boolean('required').notNull().default(false),
    isDefault: boolean('is_default').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('custom_fields_organization_key_key').on(t.organizationId, t.key),
    index('custom_fields_organization_idx').on(t.organizationId, t.position),
  ],
);

export const projects = pgTable(
  'projects',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('projects_organization_updated_idx').on(t.organizationId, t.updatedAt, t.id)],
);

export const contracts = pgTable(
  'contracts',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** null only for templates, which belong to the organization rather than a project */
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'restrict' }),
    title: text('title').notNull(),
    content: jsonb('content').$type<EditorDocument>().notNull(),
    /** rendered by the server from content at every write, so a read never renders */
    contentHtml: text('content_html').notNull(),
    status: contractStatusEnum('status').notNull().default('draft'),
    isTemplate: boolean('is_template').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    expiresAt: at('expires_at'),
    /** The length and last hash of the history chain, so a removed last entry is detectable too. */
    historyLength: integer('history_length').notNull().default(0),
    historyHead: text('history_head').notNull().default(sql`repeat('0', 64)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('contracts_project_unless_template', sql`${t.isTemplate} or ${t.projectId} is not null`),
    // Ascending keys: a backward scan serves ORDER BY updated_at DESC, id DESC (NULLS FIRST).
    index('contracts_organization_updated_idx').on(t.organizationId, t.isTemplate, t.updatedAt, t.id),
    index('contracts_organization_status_idx').on(
      t.organizationId,
      t.isTemplate,
      t.status,
      t.updatedAt,
      t.id,
    ),
    index('contracts_project_updated_idx').on(t.projectId, t.isTemplate, t.updatedAt, t.id),
    index('contracts_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
  ],
);

/**
 * How many contracts each project holds in each status (templates, which have no project, aside).
 * A trigger on contracts keeps it (see the migration), so the dashboard and project pages read a
 * handful of rows instead of counting thousands.
 */
export const contractStatusCounts = pgTable(
  'contract_status_counts',
  {
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    status: contractStatusEnum('status').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.projectId, t.status] }),
    index('contract_status_counts_organization_idx').on(t.organizationId, t.status),
  ],
);

export const signers = pgTable(
  'signers',
  {
    id: id(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    status: signerStatusEnum('status').notNull().default('pending'),
    signingOrder: integer('signing_order').notNull(),
    viewedAt: at('viewed_at'),
    signedAt: at('signed_at'),
    declinedAt: at('declined_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('signers_contract_email_key').on(t.contractId, t.email),
    index('signers_contract_order_idx').on(t.contractId, t.signingOrder),
  ],
);

export const contractHistory = pgTable(
  'contract_history',
  {
    id: id(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    timestamp: at('timestamp').notNull(),
    action: text('action').notNull(),
    userId: uuid('user_id'),
    userName: text('user_name').notNull(),
    details: text('details'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [uniqueIndex('contract_history_contract_seq_key').on(t.contractId, t.seq)],
);

/** Durable background work: claimed with row locks, so each job runs once across processes. */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    status: jobStatusEnum('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: at('run_at').notNull().defaultNow(),
    lockedAt: at('locked_at'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`${t.status} = 'queued'`),
    uniqueIndex('jobs_dedupe_key_key').on(t.dedupeKey),
  ],
);

/** Fixed-window counters shared by every app process (sign-in throttling). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: at('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

export const contractRelations = relations(contracts, ({ many }) => ({ signers: many(signers) }));
export const signerRelations = relations(signers, ({ one }) => ({
  contract: one(contracts, { fields: [signers.contractId], references: [contracts.id] }),
}));
