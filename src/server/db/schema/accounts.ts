import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, bytes, createdAt, id, updatedAt } from './columns';
import { signatureKindEnum } from './enums';
import { organizations } from './organizations';

// People and how they prove who they are: accounts, sessions, password resets, e-mail proofs, second
// factors, known devices, and the sign-in throttling counters.

export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    avatarUrl: text('avatar_url'),
    /** The signature the user saved (PNG), offered when they sign. */
    savedSignature: bytes('saved_signature'),
    savedSignatureKind: signatureKindEnum('saved_signature_kind'),
    /** When the person proved they read mail at `email`; null for accounts made before verification. */
    emailVerifiedAt: at('email_verified_at'),
    /** The TOTP secret, encrypted (services/settings/secret-box); set while enrolling, in force once enabled. */
    totpSecret: text('totp_secret'),
    totpEnabledAt: at('totp_enabled_at'),
    /** The last TOTP time step accepted, so one code is never accepted twice. */
    totpLastStep: integer('totp_last_step'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email)],
);
export type UserRow = typeof users.$inferSelect;

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
    /** Updated at most once a minute from the requests the session makes. */
    lastSeenAt: at('last_seen_at'),
    lastSeenIp: text('last_seen_ip'),
    /** How the person proved who they are: 'password', 'google', 'totp', 'passkey', 'recovery-code'… */
    authMethods: text('auth_methods').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);
export type SessionRow = typeof sessions.$inferSelect;

/**
 * Password reset links: one per e-mail, made when the message is composed (only the SHA-256 of
 * the token is kept). A link works once, for an hour.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [
    uniqueIndex('password_resets_token_hash_key').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId),
  ],
);
export type PasswordResetRow = typeof passwordResets.$inferSelect;

/**
 * Proof of an e-mail address: a pending sign-up (the account is made only when the link is
 * opened) or a change of a user's address. The link's token is made when the e-mail is composed
 * and only its SHA-256 is kept.
 */
export const emailVerifications = pgTable(
  'email_verifications',
  {
    id: id(),
    purpose: text('purpose', { enum: ['sign-up', 'email-change'] }).notNull(),
    email: text('email').notNull(),
    /** The account whose address changes; null for a sign-up. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** A sign-up's details, kept until the link is opened. */
    name: text('name'),
    passwordHash: text('password_hash'),
    organizationName: text('organization_name'),
    tokenHash: text('token_hash'),
    createdAt: createdAt(),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
  },
  (t) => [
    uniqueIndex('email_verifications_token_hash_key').on(t.tokenHash),
    index('email_verifications_email_idx').on(t.email),
  ],
);
export type EmailVerificationRow = typeof emailVerifications.$inferSelect;

/** One-use codes that stand in for a lost second factor (only their hashes are kept). */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/** WebAuthn credentials (passkeys) a person registered. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url. */
    credentialId: text('credential_id').notNull(),
    publicKey: bytes('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [
    uniqueIndex('passkeys_credential_id_key').on(t.credentialId),
    index('passkeys_user_idx').on(t.userId),
  ],
);
export type PasskeyRow = typeof passkeys.$inferSelect;

/** Browsers a person has signed in from (a random device cookie, hashed): a new one is mailed. */
export const knownDevices = pgTable(
  'known_devices',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceHash: text('device_hash').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
    lastSeenAt: at('last_seen_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('known_devices_user_device_key').on(t.userId, t.deviceHash)],
);

/** Fixed-window counters shared by every app process (sign-in throttling). */
/**
 * Token buckets (rate-limits/token-bucket.ts), one row per key: the time at which the key's
 * bucket is full again. A key whose time has passed is the same as no row.
 */
export const rateBuckets = pgTable('rate_buckets', {
  key: text('key').primaryKey(),
  fullAt: at('full_at').notNull(),
});

export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: at('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);
