import type { z } from 'zod';
import type { MailKind } from '../../../shared/enums';
import type { Database } from '../../db/client';
import type { MailMessageRow } from '../../db/schema';
import type { FileStore } from '../../uploads/file-store';
import type { MailContent } from '../mail-layout';

/** What a kind's facts step may use. */
export type MailDeps = { db: Database; appUrl: URL; files: FileStore };

/** A stored message as its kind reads it: its params parsed with the kind's schema. */
export type MailMessage<P = unknown> = Omit<MailMessageRow, 'params'> & { params: P };

/** What a message keeps beyond its kind (mail_messages.params): strings only, never a secret. */
export type MailParamsSchema = z.ZodType<Record<string, string | undefined>>;

/**
 * One kind of mail, in one place: what its queued row keeps (`params`, checked again when it is
 * delivered), what it reads or makes when it is delivered (`facts`: the contract, a signing or
 * review link, a reset token; null when the message should no longer go out, and it is skipped),
 * and what it says (`compose`, which only words the facts).
 */
export type MailDefinition<K extends MailKind, S extends MailParamsSchema, F> = {
  kind: K;
  params: S;
  facts(deps: MailDeps, message: MailMessage<z.output<S>>): Promise<F | null>;
  compose(facts: F): MailContent;
};

export function defineMail<K extends MailKind, S extends MailParamsSchema, F>(
  definition: MailDefinition<K, S, F>,
): MailDefinition<K, S, F> {
  return definition;
}

/** The link to a page of the app, for the message's action. */
export const pageLink = (deps: MailDeps, path: string) => new URL(path, deps.appUrl).href;
