import { customType, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { at } from './columns';
import { contracts } from './contracts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * Each contract's search document (services/search/README.md), one row per contract, written only
 * by the database: triggers on contracts (title, content) and signers (name, e-mail) call
 * refresh_contract_search() in the transaction of the change, so it is current whenever the
 * change committed, whoever made it (see the contract-search migration).
 */
export const contractSearch = pgTable(
  'contract_search',
  {
    contractId: uuid('contract_id')
      .primaryKey()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    /** Title (weight A), recipients' names and addresses (B), drafted text (C), unaccented. */
    document: tsvector('document').notNull(),
    /** The drafted text's first 4,000 characters as plain text, which ts_headline reads for a result's passage. */
    passage: text('passage').notNull(),
    /** The text of its uploaded PDFs' first 4,000 characters, read for a passage as `passage` is. */
    filePassage: text('file_passage').notNull().default(''),
    /** Pages of its uploaded PDFs that are not searchable: scans without text, or past a bound. */
    unsearchablePages: integer('unsearchable_pages').notNull().default(0),
  },
  (t) => [index('contract_search_document_idx').using('gin', t.document)],
);

/**
 * The text layer of an uploaded PDF, by its bytes' SHA-256, read once in the tag thread after the
 * upload (uploads/pdf-text.ts, services/search/read-file-text.ts): every contract or template
 * holding those bytes (copies, templates, duplicates share them) searches it, without a copy per
 * row. Its insert refreshes the search documents of the contracts holding the file.
 */
export const fileTexts = pgTable('file_texts', {
  sha256: text('sha256').primaryKey(),
  /** Its text, at most pdfTextLimits.keptCharacters, pages apart by a line break. */
  text: text('text').notNull(),
  /** Pages (from 1) that show an image and no text: scans, which nothing can be found on. */
  textlessPages: integer('textless_pages').array().notNull(),
  /** Pages (from 1) with text, or not looked at, whose text was not kept: past a bound of the reading. */
  unreadPages: integer('unread_pages').array().notNull(),
  readAt: at('read_at').notNull().defaultNow(),
});
export type FileTextRow = typeof fileTexts.$inferSelect;
