import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id, updatedAt } from './columns';
import { contracts } from './contracts';
import { mailStatusEnum } from './enums';
import { organizations } from './organizations';
import { signers } from './signing';

// The mail outbox.

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
