import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { at, bytes, createdAt, id, updatedAt } from './columns';
import { apiTokenScopeEnum, customFieldTypeEnum, delegationRuleEnum, roleEnum } from './enums';

// Organizations and their team: memberships, invitations, custom fields and API tokens.

export const organizations = pgTable('organizations', {
  id: id(),
  name: text('name').notNull(),
  logoUrl: text('logo_url'),
  /** Days a sent contract stays signable when the sender sets no expiry date; null: no limit. */
  signingExpiryDays: integer('signing_expiry_days').default(30),
  /** Whether signers and approvers may hand their turn to someone else: off unless an admin allows it. */
  delegation: delegationRuleEnum('delegation').notNull().default('off'),
  /** Days between automatic reminders to a signer who has not signed; null: none. */
  reminderIntervalDays: integer('reminder_interval_days').default(3),
  /** The organization's own sealing certificate (PKCS#12); the instance certificate otherwise. */
  sealingP12: bytes('sealing_p12'),
  /** Its password, encrypted with a key derived from SESSION_SECRET (services/settings). */
  sealingP12Password: text('sealing_p12_password'),
  /** SHA-256 of its certificate: /verify vouches for seals made with it. */
  sealingFingerprint: text('sealing_fingerprint'),
  /** What Settings shows of that certificate, read once at upload so showing it decrypts nothing. */
  sealingSubject: text('sealing_subject'),
  sealingIssuer: text('sealing_issuer'),
  sealingNotBefore: at('sealing_not_before'),
  sealingNotAfter: at('sealing_not_after'),
  /** Every member must use a second factor (TOTP or a passkey) to sign in. */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  /**
   * The web origins (`https://app.example.com`) whose pages may show this organization's signing
   * page in a frame, for recipients the API made to be signed embedded: an admin's list, empty
   * unless set (services/embedding/).
   */
  embedOrigins: text('embed_origins').array().notNull().default(sql`'{}'`),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
export type OrganizationRow = typeof organizations.$inferSelect;

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

/**
 * Invitations to join an organization. The link's token is made when the e-mail is composed and
 * only its SHA-256 is kept (a re-delivery makes a new token and replaces it). Open means neither
 * accepted nor revoked: an organization has at most one open invitation per e-mail.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: roleEnum('role').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /** null until the invitation e-mail is composed */
    tokenHash: text('token_hash'),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    acceptedAt: at('accepted_at'),
    revokedAt: at('revoked_at'),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    uniqueIndex('invitations_open_email_key')
      .on(t.organizationId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);
export type InvitationRow = typeof invitations.$inferSelect;

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

/**
 * Organization API tokens for `Authorization: Bearer`. Like a session, only the token's
 * HMAC-SHA256 under SESSION_SECRET is kept; a revoked token's row is deleted.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** The admin who created it: the user its requests act as (owner of what they create). */
    createdByUserId: uuid('created_by_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    scope: apiTokenScopeEnum('scope').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The token's first characters, shown in the list to tell tokens apart. */
    prefix: text('prefix').notNull(),
    expiresAt: at('expires_at'),
    /** Updated at most once a minute from the requests the token makes. */
    lastUsedAt: at('last_used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_key').on(t.tokenHash),
    index('api_tokens_organization_idx').on(t.organizationId),
  ],
);
export type ApiTokenRow = typeof apiTokens.$inferSelect;
