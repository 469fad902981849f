import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, id, updatedAt } from './columns';
import { organizations } from './organizations';

/**
 * A named search of the search page (services/saved-views/README.md): its filters as the page's
 * query string, its maker's own, or shared with the organization.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The search page's query string (q and the filters), checked against the search's schema when saved. */
    query: text('query').notNull(),
    shared: boolean('shared').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('saved_views_user_idx').on(t.userId),
    index('saved_views_organization_shared_idx').on(t.organizationId).where(sql`${t.shared}`),
  ],
);
export type SavedViewRow = typeof savedViews.$inferSelect;
