import { getTableColumns, relations, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { at, createdAt, document, id, updatedAt } from './columns';
import { contractStatusEnum, delegationRuleEnum, versionKindEnum } from './enums';
import { contractFiles } from './files';
import { organizations } from './organizations';
import { signers } from './signing';

// Projects, contracts, their versions and their history (the hash chain), and the per-project status
// counts.

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
export type ProjectRow = typeof projects.$inferSelect;

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
    content: document(),
    /** rendered by the server from content at every write, so a read never renders */
    contentHtml: text('content_html').notNull(),
    /**
     * Where the drafted text stands among the contract's uploaded PDFs (contract_files.position):
     * 0 is first. The text is one of the documents signed when it has any content.
     */
    textPosition: integer('text_position').notNull().default(0),
    status: contractStatusEnum('status').notNull().default('draft'),
    isTemplate: boolean('is_template').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    expiresAt: at('expires_at'),
    /** Signers sign one after another in signing order; otherwise all at once. */
    sequential: boolean('sequential').notNull().default(false),
    /** Whether a signer or approver may hand their turn to someone; null: the organization's rule. */
    delegation: delegationRuleEnum('delegation'),
    sentAt: at('sent_at'),
    completedAt: at('completed_at'),
    /** Set once the final PDF is sealed and stored. */
    sealedAt: at('sealed_at'),
    /** The last sealing failure while the seal job is retried; null once sealed. */
    sealError: text('seal_error'),
    /** The length and last hash of the history chain, so a removed last entry is detectable too. */
    historyLength: integer('history_length').notNull().default(0),
    historyHead: text('history_head').notNull().default(sql`repeat('0', 64)`),
    /**
     * Counts every change to the draft: a save says which revision it was made on, and one made
     * on an older revision is refused, so two people never silently overwrite each other.
     */
    revision: integer('revision').notNull().default(1),
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
    // The list's other two orders: by creation, and by title ignoring case.
    index('contracts_organization_created_idx').on(t.organizationId, t.isTemplate, t.createdAt, t.id),
    index('contracts_organization_title_idx').on(
      t.organizationId,
      t.isTemplate,
      sql`lower(${t.title})`,
      t.id,
    ),
    // The expiry sweep and the reminder sweep look only at sent contracts.
    index('contracts_sent_expires_idx').on(t.expiresAt).where(sql`${t.status} = 'sent'`),
  ],
);
export type ContractRow = typeof contracts.$inferSelect;
/** A contract without its document (and the HTML of it): what most steps need of a row. */
export type ContractHead = Omit<ContractRow, 'content' | 'contentHtml'>;
const { content: _content, contentHtml: _contentHtml, ...headColumns } = getTableColumns(contracts);
/** The columns of ContractHead, to select a contract without parsing its document. */
export const contractHeadColumns = headColumns;

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

/**
 * A contract's versions: one per saved editing session (later saves of the same session update
 * it while it is the latest), one at each review round, one at send (what is signed), one per
 * restore. The hash is SHA-256 of the content's canonical text (PostgreSQL's jsonb output).
 */
export const contractVersions = pgTable(
  'contract_versions',
  {
    id: id(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    kind: versionKindEnum('kind').notNull(),
    title: text('title').notNull(),
    content: document(),
    /** Written with the content, by the database: see recordVersion (services/versions). */
    contentHash: text('content_hash').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    /** The editor session that saved it, so that session's next save updates it in place. */
    editSession: text('edit_session'),
    /** The version a restore brought back. */
    restoredFrom: integer('restored_from'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('contract_versions_contract_number_key').on(t.contractId, t.number)],
);
export type ContractVersionRow = typeof contractVersions.$inferSelect;

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
export type ContractHistoryRow = typeof contractHistory.$inferSelect;

export const contractRelations = relations(contracts, ({ many }) => ({
  signers: many(signers),
  files: many(contractFiles),
}));
