import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { at, createdAt, id, updatedAt } from './columns';
import { contracts, projects } from './contracts';
import { organizations } from './organizations';

// Public signing links: a template anyone with the link may sign, on its own page or embedded.

/**
 * A link to a template that anyone who has it may sign: the visitor takes one of the template's
 * roles (its scope), and each submission becomes a contract of its own in the owner's project,
 * countersigned by the template's other roles in their order. One object for a page of its own
 * and for embedding in another web app: its expiry, its caps, its e-mailed code and the origins
 * that may frame it. The token is 256 bits; the database keeps its SHA-256 (to find it) and a
 * sealed copy (to show the owner the link again), never the token in the clear.
 */
export const publicLinks = pgTable(
  'public_links',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    /** The template's role (its number, from 1) the visitor takes. */
    roleNumber: integer('role_number').notNull(),
    /** Where each submission's contract goes; the organization's first project when null. */
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    /** What the owner calls it ("NDA on the website"). */
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The token sealed with SESSION_SECRET (services/settings/secret-box.ts). */
    tokenSealed: text('token_sealed').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    expiresAt: at('expires_at'),
    /** Submissions a UTC day, and in all; null: no cap. */
    maxPerDay: integer('max_per_day'),
    maxTotal: integer('max_total'),
    /** The visitor confirms their address with an e-mailed code before signing. */
    requireEmailCode: boolean('require_email_code').notNull().default(false),
    /** Web origins whose pages may show the link in a frame; none: it is shown only on its own page. */
    embedOrigins: text('embed_origins').array().notNull().default(sql`'{}'`),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('public_links_token_hash_key').on(t.tokenHash),
    index('public_links_organization_idx').on(t.organizationId, t.createdAt),
  ],
);
export type PublicLinkRow = typeof publicLinks.$inferSelect;

/** One visitor's submission through a public link: the contract it made, and who and whence. */
export const publicLinkSubmissions = pgTable(
  'public_link_submissions',
  {
    id: id(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => publicLinks.id, { onDelete: 'cascade' }),
    contractId: uuid('contract_id').references(() => contracts.id, { onDelete: 'set null' }),
    visitorName: text('visitor_name').notNull(),
    visitorEmail: text('visitor_email').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('public_link_submissions_link_idx').on(t.linkId, t.createdAt)],
);
export type PublicLinkSubmissionRow = typeof publicLinkSubmissions.$inferSelect;

/**
 * A visitor's address waiting to be confirmed, for a link that asks for an e-mailed code: who they
 * said they are, and the code's argon2id hash (made when its e-mail is composed, like a signer's),
 * its expiry and the wrong tries against it. Used once: the submission is made when it is confirmed.
 */
export const publicLinkCodes = pgTable(
  'public_link_codes',
  {
    id: id(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => publicLinks.id, { onDelete: 'cascade' }),
    visitorName: text('visitor_name').notNull(),
    visitorEmail: text('visitor_email').notNull(),
    ip: text('ip'),
    codeHash: text('code_hash'),
    codeExpiresAt: at('code_expires_at'),
    failures: integer('failures').notNull().default(0),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('public_link_codes_link_idx').on(t.linkId, t.createdAt)],
);
export type PublicLinkCodeRow = typeof publicLinkCodes.$inferSelect;
