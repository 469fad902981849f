import { relations, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { apiTokenScopes } from '../../shared/api/api-tokens';
import { approvalStatuses } from '../../shared/api/approvals';
import { commentVisibilities } from '../../shared/api/comments';
import type { EditorDocument } from '../../shared/api/editor-document';
import { webhookDeliveryStatuses } from '../../shared/api/webhooks';
import {
  customFieldTypes,
  documentKinds,
  jobStatuses,
  mailStatuses,
  roles,
  signatureKinds,
  suggestionStatuses,
  versionKinds,
} from '../../shared/enums';
import { eventTypes } from '../../shared/events';
import { contractStatuses, signerStatuses } from '../../shared/statuses';
import type { JobLane } from '../jobs/job-lanes';

const id = () => uuid('id').primaryKey().defaultRandom();
// Millisecond precision, like a JavaScript Date: a keyset cursor made from a row then finds it exactly.
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });
const createdAt = () => at('created_at').notNull().defaultNow();
const updatedAt = () => at('updated_at').notNull().defaultNow();

export const roleEnum = pgEnum('role', roles);
export const contractStatusEnum = pgEnum('contract_status', contractStatuses);
export const signerStatusEnum = pgEnum('signer_status', signerStatuses);
export const customFieldTypeEnum = pgEnum('custom_field_type', customFieldTypes);
export const jobStatusEnum = pgEnum('job_status', jobStatuses);
export const documentKindEnum = pgEnum('document_kind', documentKinds);
export const mailStatusEnum = pgEnum('mail_status', mailStatuses);
export const suggestionStatusEnum = pgEnum('suggestion_status', suggestionStatuses);
export const versionKindEnum = pgEnum('version_kind', versionKinds);
export const signatureKindEnum = pgEnum('signature_kind', signatureKinds);
export const eventTypeEnum = pgEnum('event_type', eventTypes);
export const approvalStatusEnum = pgEnum('approval_status', approvalStatuses);
export const commentVisibilityEnum = pgEnum('comment_visibility', commentVisibilities);
export const apiTokenScopeEnum = pgEnum('api_token_scope', apiTokenScopes);
export const webhookDeliveryStatusEnum = pgEnum('webhook_delivery_status', webhookDeliveryStatuses);

export const organizations = pgTable('organizations', {
  id: id(),
  name: text('name').notNull(),
  logoUrl: text('logo_url'),
  /** Days a sent contract stays signable when the sender sets no expiry date; null: no limit. */
  signingExpiryDays: integer('signing_expiry_days').default(30),
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
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
export type OrganizationRow = typeof organizations.$inferSelect;

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
    content: jsonb('content').$type<EditorDocument>().notNull(),
    /** rendered by the server from content at every write, so a read never renders */
    contentHtml: text('content_html').notNull(),
    status: contractStatusEnum('status').notNull().default('draft'),
    isTemplate: boolean('is_template').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdByName: text('created_by_name').notNull(),
    expiresAt: at('expires_at'),
    /** Signers sign one after another in signing order; otherwise all at once. */
    sequential: boolean('sequential').notNull().default(false),
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

/**
 * How many contracts each project holds in each status (templates, which have no project, aside).
 * A trigger on contracts keeps it (see the migration), so the dashboard and project pages read a
 * handful of rows instead of counting thousands.
 */
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
    content: jsonb('content').$type<EditorDocument>().notNull(),
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

/**
 * An organization's approval rules: a contract under a rule (one for every contract, project_id
 * null, and one per project) is sent only once everyone it names has approved its current title
 * and content. A rule names people (approval_rule_approvers) and/or "any admin".
 */
export const approvalRules = pgTable(
  'approval_rules',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    anyAdmin: boolean('any_admin').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('approval_rules_scope_key').on(t.organizationId, t.projectId).nullsNotDistinct()],
);

export const approvalRuleApprovers = pgTable(
  'approval_rule_approvers',
  {
    ruleId: uuid('rule_id')
      .notNull()
      .references(() => approvalRules.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.ruleId, t.userId] }),
    index('approval_rule_approvers_user_idx').on(t.userId),
  ],
);

/**
 * Where each required approver stands on a contract: one row per contract and approver (a person,
 * or "any admin" with approver_id null), made when approval is requested. A decision records the
 * hash of the title and content it was made on (see services/approvals/approval-subject.ts), so an
 * approval counts only for exactly what was approved.
 */
export const contractApprovals = pgTable(
  'contract_approvals',
  {
    id: id(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    approverId: uuid('approver_id').references(() => users.id, { onDelete: 'cascade' }),
    approverName: text('approver_name').notNull(),
    status: approvalStatusEnum('status').notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedByName: text('requested_by_name').notNull(),
    requestedAt: at('requested_at').notNull(),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedByName: text('decided_by_name'),
    decidedAt: at('decided_at'),
    comment: text('comment'),
    /** SHA-256 of the title and content decided on, and the version number they were. */
    subjectHash: text('subject_hash'),
    version: integer('version'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('contract_approvals_contract_approver_key').on(t.contractId, t.approverId).nullsNotDistinct(),
  ],
);
export type ContractApprovalRow = typeof contractApprovals.$inferSelect;

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

export const signers = pgTable(
  'signers',
  {
    id: id(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    status: signerStatusEnum('status').notNull().default('pending'),
    signingOrder: integer('signing_order').notNull(),
    viewedAt: at('viewed_at'),
    signedAt: at('signed_at'),
    declinedAt: at('declined_at'),
    declineReason: text('decline_reason'),
    invitedAt: at('invited_at'),
    lastRemindedAt: at('last_reminded_at'),
    /** The field values the signer entered, by custom field key. */
    fieldValues: jsonb('field_values').$type<Record<string, string>>(),
    signatureKind: signatureKindEnum('signature_kind'),
    /** The signature as the signer drew or typed it, rendered to PNG. */
    signatureImage: bytes('signature_image'),
    consentVersion: text('consent_version'),
    consentHash: text('consent_hash'),
    signedIp: text('signed_ip'),
    signedUserAgent: text('signed_user_agent'),
    /** An access code the sender shares out of band, hashed (argon2id); null: none asked. */
    accessCodeHash: text('access_code_hash'),
    /** A one-time code is e-mailed to the signer before the document opens. */
    requireEmailCode: boolean('require_email_code').notNull().default(false),
    /** The current e-mailed code, hashed, with its expiry and the wrong tries made against it. */
    emailCodeHash: text('email_code_hash'),
    emailCodeExpiresAt: at('email_code_expires_at'),
    /** Wrong access or e-mailed codes in a row; past the limit the signer is locked out until the sender resets. */
    authFailures: integer('auth_failures').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('signers_contract_email_key').on(t.contractId, t.email),
    index('signers_contract_order_idx').on(t.contractId, t.signingOrder),
  ],
);
export type SignerRow = typeof signers.$inferSelect;

/**
 * A signer's links: one per invitation or reminder e-mail, made when the message is composed.
 * Only the SHA-256 of the token is kept; every link of a signer works while the signer may sign.
 */
export const signingLinks = pgTable(
  'signing_links',
  {
    id: id(),
    signerId: uuid('signer_id')
      .notNull()
      .references(() => signers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('signing_links_token_hash_key').on(t.tokenHash),
    index('signing_links_signer_idx').on(t.signerId),
  ],
);

/**
 * The other side's reviewers of a draft: invited by e-mail with a link like a signing link (a
 * random token of which only the hash is kept, exchanged for a short cookie). They read the
 * current version, comment (shared comments only) and suggest changes; they never edit.
 */
export const reviewers = pgTable(
  'reviewers',
  {
    id: id(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    invitedAt: at('invited_at').notNull(),
    /** The review round (the version sent for review) the latest invitation was for. */
    round: integer('round').notNull(),
    lastViewedAt: at('last_viewed_at'),
    /** No longer allowed in: the review ended (the contract was sent for signing) or was withdrawn. */
    closedAt: at('closed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reviewers_token_hash_key').on(t.tokenHash),
    uniqueIndex('reviewers_contract_email_key').on(t.contractId, t.email),
  ],
);
export type ReviewerRow = typeof reviewers.$inferSelect;

/**
 * A reviewer's suggested changes: the whole document as they would have it, made on one version;
 * the owner sees it as a redline and accepts or rejects each change.
 */
export const suggestions = pgTable(
  'suggestions',
  {
    id: id(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => reviewers.id, { onDelete: 'cascade' }),
    /** The version the reviewer read and changed. */
    baseVersion: integer('base_version').notNull(),
    content: jsonb('content').$type<EditorDocument>().notNull(),
    note: text('note'),
    status: suggestionStatusEnum('status').notNull().default('open'),
    /** How many of its changes were accepted and rejected, once decided. */
    accepted: integer('accepted').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: at('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [index('suggestions_contract_idx').on(t.contractId, t.createdAt)],
);
export type SuggestionRow = typeof suggestions.$inferSelect;

/**
 * Comment threads on a contract, outside its content: a comment never changes the contract, its
 * revision or its versions. A thread anchors to a passage of the content's plain text by a text
 * quote selector (the quote, its context, its offsets), found again at every content change
 * (services/comments/reanchor-threads.ts); detachedAt is set when the passage was deleted.
 */
export const commentThreads = pgTable(
  'comment_threads',
  {
    id: id(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    visibility: commentVisibilityEnum('visibility').notNull(),
    quote: text('quote').notNull(),
    prefix: text('prefix').notNull(),
    suffix: text('suffix').notNull(),
    anchorStart: integer('anchor_start').notNull(),
    anchorEnd: integer('anchor_end').notNull(),
    detachedAt: at('detached_at'),
    resolvedAt: at('resolved_at'),
    resolvedByName: text('resolved_by_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('comment_threads_contract_idx').on(t.contractId, t.createdAt)],
);
export type CommentThreadRow = typeof commentThreads.$inferSelect;

/** A thread's comments: the first one and its replies. The author is a team member or a reviewer. */
export const comments = pgTable(
  'comments',
  {
    id: id(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => commentThreads.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    authorReviewerId: uuid('author_reviewer_id').references(() => reviewers.id, { onDelete: 'set null' }),
    /** Whether a reviewer wrote it (kept when the reviewer row goes). */
    byReviewer: boolean('by_reviewer').notNull().default(false),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    /** The team members it mentions (@name), each notified once. */
    mentions: jsonb('mentions').$type<{ id: string; name: string }[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    index('comments_thread_idx').on(t.threadId, t.createdAt),
    check('comments_one_author', sql`${t.authorUserId} is null or ${t.authorReviewerId} is null`),
  ],
);
export type CommentRow = typeof comments.$inferSelect;

/** PDFs: the frozen document made at sending, and the sealed final one. */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    kind: documentKindEnum('kind').notNull(),
    sha256: text('sha256').notNull(),
    pages: integer('pages').notNull(),
    bytes: bytes('bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // One frozen and one final document per contract: a second seal cannot be stored.
    uniqueIndex('documents_contract_kind_key').on(t.contractId, t.kind),
    index('documents_sha256_idx').on(t.sha256),
  ],
);
export type DocumentRow = typeof documents.$inferSelect;

/**
 * The mail outbox. A message is composed when it is delivered (a signing link is made then, so
 * no token is ever stored); without an SMTP server the composed copy is kept here to be read.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: id(),
    /** Null for mail to a person with no organization yet: the link that finishes a sign-up. */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    contractId: uuid('contract_id').references(() => contracts.id, { onDelete: 'cascade' }),
    signerId: uuid('signer_id').references(() => signers.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    toEmail: text('to_email').notNull(),
    toName: text('to_name').notNull(),
    /** What the message says beyond its kind (a reason, a note); never a secret. */
    params: jsonb('params').$type<Record<string, string>>().notNull().default({}),
    status: mailStatusEnum('status').notNull().default('queued'),
    subject: text('subject'),
    /**
     * The composed bodies, kept only when the message stays in the local outbox; never a link
     * that lets its reader act as the recipient, nor a one-time code.
     */
    heldText: text('held_text'),
    heldHtml: text('held_html'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: at('sent_at'),
    /** One message per key: a retried step cannot mail anyone twice. */
    dedupeKey: text('dedupe_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('mail_messages_organization_idx').on(t.organizationId, t.createdAt),
    index('mail_messages_contract_idx').on(t.contractId),
    uniqueIndex('mail_messages_dedupe_key_key').on(t.dedupeKey),
  ],
);
export type MailMessageRow = typeof mailMessages.$inferSelect;

/** What the bell shows a user: events on the contracts they own. */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contractId: uuid('contract_id').references(() => contracts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    message: text('message').notNull(),
    /** The event it tells about: one notification per event, however often its consumer runs. */
    eventId: uuid('event_id').references(() => events.id, { onDelete: 'cascade' }),
    readAt: at('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    uniqueIndex('notifications_event_user_key').on(t.eventId, t.userId),
  ],
);
export type NotificationRow = typeof notifications.$inferSelect;

/**
 * What happened to a contract, recorded in the transaction that made it happen (see
 * services/lifecycle). Consumers (notifications, e-mail, the seal, webhooks) are jobs queued in
 * that same transaction, one per consumer and event.
 */
export const events = pgTable(
  'events',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    contractId: uuid('contract_id').references(() => contracts.id, { onDelete: 'cascade' }),
    type: eventTypeEnum('type').notNull(),
    /** The facts a consumer needs that the contract row does not keep (who signed, the reason). */
    data: jsonb('data').$type<Record<string, string | null>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('events_organization_idx').on(t.organizationId, t.createdAt),
    index('events_contract_idx').on(t.contractId),
  ],
);
export type EventRow = typeof events.$inferSelect;

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

/** Durable background work: claimed with row locks, so each job runs once across processes. */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    status: jobStatusEnum('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: at('run_at').notNull().defaultNow(),
    lockedAt: at('locked_at'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    dedupeKey: text('dedupe_key'),
    /** Which pool of the runner runs it (jobs/job-lanes.ts): webhook deliveries have their own. */
    lane: text('lane').$type<JobLane>().notNull().default('default'),
    /**
     * Whose work it is, for the fair share: each organization's due jobs are taken in turn. Null
     * for work of no organization (a sign-up's confirmation), which takes its turn as one more.
     * No foreign key: a job outlives nothing it names, and reads what it needs when it runs.
     */
    organizationId: uuid('organization_id'),
    /** Jobs with the same key run only a few at a time (a webhook endpoint: see the lane's perKey). */
    concurrencyKey: text('concurrency_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The claim walks the organizations with queued jobs of a lane, then each one's due jobs in order.
    index('jobs_queued_idx')
      .on(t.lane, t.organizationId, t.runAt, t.createdAt)
      .where(sql`${t.status} = 'queued'`),
    // What each organization and key already has running, for the caps.
    index('jobs_running_idx').on(t.lane, t.organizationId).where(sql`${t.status} = 'running'`),
    uniqueIndex('jobs_dedupe_key_key').on(t.dedupeKey),
  ],
);
export type JobRow = typeof jobs.$inferSelect;

/** Where an organization's events are POSTed (Standard Webhooks), and what it wants. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    allEvents: boolean('all_events').notNull().default(true),
    events: eventTypeEnum('events').array().notNull().default(sql`'{}'`),
    /** The whsec_ signing key, sealed with SESSION_SECRET (services/settings/secret-box.ts). */
    secretSealed: text('secret_sealed').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    disabledReason: text('disabled_reason'),
    /** Failed attempts in a row, and when the first of them was: a success clears both. */
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    failingSince: at('failing_since'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('webhook_endpoints_organization_idx').on(t.organizationId)],
);
export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/** One event for one endpoint: its attempts are the delivery job's runs. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    eventType: eventTypeEnum('event_type').notNull(),
    status: webhookDeliveryStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms'),
    /** Why the last attempt failed, or the first 500 characters of a failed response. */
    error: text('error'),
    lastAttemptAt: at('last_attempt_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_endpoint_event_key').on(t.endpointId, t.eventId),
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt, t.id),
  ],
);
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Fixed-window counters shared by every app process (sign-in throttling). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: at('window_start').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

export const contractRelations = relations(contracts, ({ many }) => ({ signers: many(signers) }));
export const signerRelations = relations(signers, ({ one }) => ({
  contract: one(contracts, { fields: [signers.contractId], references: [contracts.id] }),
}));
