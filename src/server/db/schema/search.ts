import { customType, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
  },
  (t) => [index('contract_search_document_idx').using('gin', t.document)],
);
