import { index, integer, json, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { BulkRowStatus, BulkSendStatus } from '../../../shared/api/bulk-sends';
import type { BulkColumn } from '../../../shared/bulk/column-mapping';
import { users } from './accounts';
import { at, createdAt, id, updatedAt } from './columns';
import { contracts, projects } from './contracts';
import { organizations } from './organizations';

// Bulk sends: a template sent to many, a contract per row (services/bulk-sends/).

/** One batch: the template, the file's header row and what each column gives, and where it stands. */
export const bulkSends = pgTable(
  'bulk_sends',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id').references(() => contracts.id, { onDelete: 'set null' }),
    /** The template's title when the batch was made: the page names it after the template is gone. */
    templateTitle: text('template_title').notNull(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    fileName: text('file_name').notNull(),
    source: text('source').$type<'csv' | 'xlsx' | 'api'>().notNull(),
    headers: json('headers').$type<string[]>().notNull(),
    mapping: json('mapping').$type<BulkColumn[]>().notNull(),
    status: text('status').$type<BulkSendStatus>().notNull().default('checking'),
    rowCount: integer('row_count').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    sentAt: at('sent_at'),
    finishedAt: at('finished_at'),
  },
  (t) => [index('bulk_sends_organization_idx').on(t.organizationId, t.createdAt)],
);
export type BulkSendRow = typeof bulkSends.$inferSelect;

/**
 * One row of a batch: its cells as read (or as corrected), and its contract once made. The row's
 * own id is the id its contract is made with, so a job run twice makes one contract.
 */
export const bulkSendRows = pgTable(
  'bulk_send_rows',
  {
    id: id(),
    bulkSendId: uuid('bulk_send_id')
      .notNull()
      .references(() => bulkSends.id, { onDelete: 'cascade' }),
    /** Its number in the file, the header being row 1. */
    row: integer('row').notNull(),
    cells: json('cells').$type<string[]>().notNull(),
    status: text('status').$type<BulkRowStatus>().notNull().default('ready'),
    contractId: uuid('contract_id').references(() => contracts.id, { onDelete: 'set null' }),
    /** Why it failed, or why it waits. */
    error: text('error'),
    /** Held back by the organization's sending limit until then. */
    waitingUntil: at('waiting_until'),
    /** Times it was queued: each queuing's job has a key of its own. */
    queuings: integer('queuings').notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('bulk_send_rows_row_key').on(t.bulkSendId, t.row),
    index('bulk_send_rows_status_idx').on(t.bulkSendId, t.status),
  ],
);
export type BulkSendRowRow = typeof bulkSendRows.$inferSelect;
