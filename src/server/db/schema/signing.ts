import { relations } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, bytes, createdAt, id } from './columns';
import { contracts } from './contracts';
import {
  documentKindEnum,
  recipientRoleEnum,
  signatureKindEnum,
  signerStatusEnum,
  signingLinkPurposeEnum,
} from './enums';

// Recipients (the API's signers), their signing links, and the PDFs made at sending and sealing.

export const signers = pgTable(
  'signers',
  {
    id: id(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    /** Empty while a recipient left to be named (`namedBy`) has not been named yet. */
    name: text('name').notNull(),
    /** Null while a recipient left to be named (`namedBy`) has not been named yet. */
    email: text('email'),
    status: signerStatusEnum('status').notNull().default('pending'),
    /** What they do (shared/recipients/roles.ts). */
    role: recipientRoleEnum('role').notNull().default('signer'),
    /** Their group: equal numbers receive together, the groups in turn (when sent in order). */
    signingOrder: integer('signing_order').notNull(),
    /**
     * Their number on the contract, from 1: fields, witnesses and names refer to them by it. A
     * delegate takes the number of whom they act for; a removed recipient's is not reused.
     */
    position: integer('position').notNull(),
    /** A witness's signer, by number. */
    witnessOf: integer('witness_of'),
    /** The earlier recipient (by number) who names this one; kept once named, for the record. */
    namedBy: integer('named_by'),
    approvedAt: at('approved_at'),
    /** A delegated entry: whom it was handed to, when and why (the delegate's row says `delegatedFrom`). */
    delegatedAt: at('delegated_at'),
    delegationReason: text('delegation_reason'),
    delegatedFrom: uuid('delegated_from'),
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
    /**
     * The initials the signer adopted, as a PNG: stored once, here, and drawn in each of their
     * initials fields (whose filled value says 'initials'), as the signature is in theirs.
     */
    initialsImage: bytes('initials_image'),
    consentVersion: text('consent_version'),
    consentHash: text('consent_hash'),
    signedIp: text('signed_ip'),
    signedUserAgent: text('signed_user_agent'),
    /** An access code the sender shares out of band, hashed (argon2id); null: none asked. */
    accessCodeHash: text('access_code_hash'),
    /**
     * A copy of a contract whose signer had an access code: the code was not copied (a secret
     * shared for the other signing), and the copy is not sent until the sender sets a new one
     * or removes it.
     */
    accessCodeToSet: boolean('access_code_to_set').notNull().default(false),
    /**
     * How they are reached: `email` (invited and reminded by e-mail), or `embedded` (another web
     * app, or a public link's page, shows them the signing page itself: no invitation or reminder).
     */
    delivery: text('delivery').$type<'email' | 'embedded'>().notNull().default('email'),
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
    // One recipient per number; a delegated entry (delegatedAt set) keeps its number beside its
    // delegate's. (A partial index on the status is refused: an enum's cast is not immutable.)
    unique('signers_contract_position_key').on(t.contractId, t.position, t.delegatedAt).nullsNotDistinct(),
  ],
);
export type SignerRow = typeof signers.$inferSelect;

/**
 * A signer's links: one per invitation, reminder or completion e-mail, made when the message is
 * composed. Only the SHA-256 of the token is kept; every signing link of a signer works while the
 * signer may sign. A download link (a completion e-mail's, for a sealed PDF too large to attach)
 * only downloads that PDF, until it expires; a newer one retires it.
 */
export const signingLinks = pgTable(
  'signing_links',
  {
    id: id(),
    signerId: uuid('signer_id')
      .notNull()
      .references(() => signers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    purpose: signingLinkPurposeEnum('purpose').notNull().default('sign'),
    /** When it stops working; null for a signing link (it works while the signer may sign). */
    expiresAt: at('expires_at'),
    /** When an embed link opened its one session: it opens no other. */
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('signing_links_token_hash_key').on(t.tokenHash),
    index('signing_links_signer_idx').on(t.signerId),
  ],
);

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
    /** Null for a document stored in the file store by its sha256 (every one since files came in). */
    bytes: bytes('bytes'),
    /** Its size, for the organization's storage quota; null for documents stored before it was kept. */
    byteSize: bigint('byte_size', { mode: 'number' }),
    createdAt: createdAt(),
  },
  (t) => [
    // One frozen and one final document per contract: a second seal cannot be stored.
    uniqueIndex('documents_contract_kind_key').on(t.contractId, t.kind),
    index('documents_sha256_idx').on(t.sha256),
  ],
);
export type DocumentRow = typeof documents.$inferSelect;

export const signerRelations = relations(signers, ({ one }) => ({
  contract: one(contracts, { fields: [signers.contractId], references: [contracts.id] }),
}));
