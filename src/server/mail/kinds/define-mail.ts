import type { z } from 'zod';
import type { MailKind } from '../../../shared/enums';
import type { MailMessageRow } from '../../db/schema';
import type { MailContent } from '../mail-layout';

/** A stored message as its kind reads it: its params parsed with the kind's schema. */
export type MailMessage<P = unknown> = Omit<MailMessageRow, 'params'> & { params: P };

/** What a message keeps beyond its kind (mail_messages.params): strings only, never a secret. */
export type MailParamsSchema = z.ZodType<Record<string, string | undefined>>;

/**
 * One kind of mail, in one place: what its queued row keeps (`params`, checked again when it is
 * delivered) and what it says (`compose`, which only words the facts it is given). What it reads
 * or makes when it is delivered (the contract, a signing or review link, a reset token) are its
 * facts, read by the services (services/mail/facts/).
 */
export type MailDefinition<K extends MailKind, S extends MailParamsSchema, F> = {
  kind: K;
  params: S;
  compose(facts: F): MailContent;
};

export function defineMail<K extends MailKind, S extends MailParamsSchema, F>(
  definition: MailDefinition<K, S, F>,
): MailDefinition<K, S, F> {
  return definition;
}
