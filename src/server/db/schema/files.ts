import { relations } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { bytes, createdAt, id } from './columns';
import { contracts } from './contracts';

/** One page of an uploaded PDF as it shows: its size in points with its rotation applied. */
export type PdfPageSize = { width: number; height: number };

/**
 * The PDFs a contract (or template) is made of besides its drafted text, in order: an agreement and
 * its annexes. The bytes are in the file store (files/file-store.ts) under `sha256`; the row says
 * what inspecting them found, so no page is parsed again to show or place fields on it.
 */
export const contractFiles = pgTable(
  'contract_files',
  {
    id: id(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    /** Where it stands among the contract's documents; the drafted text's place is contracts.text_position. */
    position: integer('position').notNull(),
    /** The file's name as uploaded (shown, and given to downloads). */
    name: text('name').notNull(),
    sha256: text('sha256').notNull(),
    byteSize: bigint('byte_size', { mode: 'number' }).notNull(),
    pageCount: integer('page_count').notNull(),
    pages: jsonb('pages').$type<PdfPageSize[]>().notNull(),
    /** Form fields the PDF brings (AcroForm). */
    formFieldCount: integer('form_field_count').notNull().default(0),
    /** Digital signatures it already carries: the sealed result keeps them valid. */
    signatureCount: integer('signature_count').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('contract_files_contract_idx').on(t.contractId, t.position),
    index('contract_files_sha256_idx').on(t.sha256),
  ],
);
export type ContractFileRow = typeof contractFiles.$inferSelect;

export const contractFileRelations = relations(contractFiles, ({ one }) => ({
  contract: one(contracts, { fields: [contractFiles.contractId], references: [contracts.id] }),
}));

/**
 * The file store on a PostgreSQL server: each file in chunks of 1 MiB, so a read or write is one
 * modest statement at a time and every process of the instance reaches the same files. The
 * embedded database keeps files in the data directory instead (files/directory-file-store.ts).
 */
export const fileChunks = pgTable(
  'file_chunks',
  {
    sha256: text('sha256').notNull(),
    seq: integer('seq').notNull(),
    /** How many chunks the file has (the same on each of its chunks): a file is whole when all are there. */
    chunkCount: integer('chunk_count').notNull(),
    bytes: bytes('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sha256, t.seq] })],
);
