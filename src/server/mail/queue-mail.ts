import { z } from 'zod';
import type { MailKind } from '../../shared/enums';
import type { Database } from '../db/client';
import { mailMessages } from '../db/schema';
import { enqueue, jobType } from '../queue/job-type';
import type { MailParams } from './kinds';

/**
 * The job that delivers one outbox message (its handler: jobs/definitions/deliver-mail.ts); 30 s,
 * 2 min, 8 min, 32 min, 2 h, then every 6 h: about 15 hours before a message is given up.
 */
export const deliverMailJob = jobType({
  type: 'deliver-mail',
  payload: z.object({ messageId: z.uuid() }),
  maxAttempts: 8,
});

type Envelope = {
  /** Null only for mail to someone with no organization yet (the link that finishes a sign-up). */
  organizationId: string | null;
  contractId: string | null;
  signerId?: string | null;
  to: { name: string; email: string };
  /** One message per key: the same step run twice queues it once. */
  dedupeKey?: string;
};

/** The params its kind keeps (mail/kinds), which may be left out when it needs none. */
type ParamsOf<K extends MailKind> =
  Record<never, never> extends MailParams<K> ? { params?: MailParams<K> } : { params: MailParams<K> };

/** A message of one kind, its params typed by that kind's schema. */
export type QueuedMail<K extends MailKind = MailKind> = K extends MailKind
  ? Envelope & { kind: K } & ParamsOf<K>
  : never;

/**
 * Puts a message in the outbox. Call it with the transaction of the change it tells about: the
 * message exists if and only if that change committed, and a job delivers it afterwards.
 */
export async function queueMail(tx: Database, mail: QueuedMail): Promise<void> {
  const now = new Date();
  const [row] = await tx
    .insert(mailMessages)
    .values({
      organizationId: mail.organizationId,
      contractId: mail.contractId,
      signerId: mail.signerId ?? null,
      kind: mail.kind,
      toEmail: mail.to.email,
      toName: mail.to.name,
      // Strings only, as every kind's schema says; checked again when the message is delivered.
      params: (mail.params ?? {}) as Record<string, string>,
      dedupeKey: mail.dedupeKey ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: mailMessages.id });
  if (!row) return;
  await enqueue(
    tx,
    deliverMailJob,
    { messageId: row.id },
    { organizationId: mail.organizationId, dedupeKey: `mail:${row.id}:1` },
  );
}
