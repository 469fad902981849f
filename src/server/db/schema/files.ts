import { relations } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FieldOptions } from '../../../shared/api/contract-fields';
import type { PageBox } from '../../../shared/page-box';
import { users } from './accounts';
import { at, bytes, createdAt, id } from './columns';
import { contracts } from './contracts';
import { fieldTypeEnum } from './enums';
import { fileTexts } from './search';

/** A digital signature an uploaded PDF already carries, as its upload read it. */
export type StoredPdfSignature = { signedBy: string; signedAt: string | null; intact: boolean };

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
    /** Who made them and when, as the upload read them (the first 20); [] for files read before. */
    signatures: jsonb('signatures').$type<StoredPdfSignature[]>().notNull().default([]),
    /**
     * Its scripts, attached files and actions reaching outside it, as the sender is told of them
     * (pdf/active-content.ts): taken out of the document sent for signing.
     */
    activeContent: jsonb('active_content').$type<string[]>().notNull().default([]),
    /** When its text tags were read and their fields placed (services/contract-files/place-tagged-fields.ts). */
    tagsReadAt: at('tags_read_at'),
    /** Where its first page is in the document sent for signing (counting from 0): set at send. */
    firstPage: integer('first_page'),
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
  /** Its text for search, once read (by the bytes, shared with every row holding them). */
  text: one(fileTexts, { fields: [contractFiles.sha256], references: [fileTexts.sha256] }),
}));

/**
 * Fields placed on the pages of a contract's PDFs: where (page, and a box in fractions of the page
 * as it shows, from its top left), what (type, label, options, the sender's prefill) and for whom
 * (the signer's place in the signing order, so a template's fields follow its roles).
 */
export const contractFields = pgTable(
  'contract_fields',
  {
    id: id(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    /**
     * The PDF it is on; null for a field written in the drafted text, which is placed when the
     * contract is sent, and whose page is then the page of the document as sent.
     */
    fileId: uuid('file_id').references(() => contractFiles.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    x: doublePrecision('x').notNull(),
    y: doublePrecision('y').notNull(),
    width: doublePrecision('width').notNull(),
    height: doublePrecision('height').notNull(),
    type: fieldTypeEnum('type').notNull(),
    /** The signer, by signing order from 1; null until the sender assigns it. */
    signer: integer('signer'),
    required: boolean('required').notNull().default(true),
    label: text('label').notNull().default(''),
    value: text('value'),
    options: jsonb('options').$type<FieldOptions>().notNull().default({}),
    /**
     * The text tag it was placed at (a box like its own): the send takes the tag's glyphs out of
     * the document there (pdf/tag-text.ts), wherever the field was moved since.
     */
    tagBox: jsonb('tag_box').$type<PageBox>(),
    /** What its signer filled in (a data URL for initials and images), when they signed. */
    filledValue: text('filled_value'),
    filledAt: at('filled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('contract_fields_contract_idx').on(t.contractId),
    index('contract_fields_file_idx').on(t.fileId),
  ],
);
export type ContractFieldRow = typeof contractFields.$inferSelect;
/** A field placed on one of the contract's PDFs (not written in its text). */
export type PdfFieldRow = ContractFieldRow & { fileId: string };

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
    /** When the file was last stored (on its first chunk): the sweep of unnamed files counts from it. */
    storedAt: at('stored_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sha256, t.seq] })],
);
