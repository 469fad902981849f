import type { OutboxEntry } from '../../shared/api/mail';
import type { OutboxMessage } from '../../shared/api/signing';
import type { MailMessageRow } from '../db/schema';

/** A message of the outbox as a contract's page lists it: where it went and how it fared, no body. */
export function presentOutboxMessage(row: MailMessageRow): OutboxMessage {
  return {
    id: row.id,
    contractId: row.contractId,
    kind: row.kind,
    to: { name: row.toName, email: row.toEmail },
    status: row.status,
    subject: row.subject,
    attempts: row.attempts,
    lastError: row.lastError,
    sentAt: row.sentAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A message as the admin's outbox page shows it, with the body the local outbox kept if readable. */
export function presentOutboxItem(row: MailMessageRow, readable: boolean): OutboxEntry {
  return {
    ...presentOutboxMessage(row),
    text: readable ? row.heldText : null,
    html: readable ? row.heldHtml : null,
  };
}
