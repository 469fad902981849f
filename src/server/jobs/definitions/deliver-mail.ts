import { eq } from 'drizzle-orm';
import type { JobDeps } from '../../context';
import type { Database } from '../../db/client';
import { type JobRow, type MailMessageRow, mailMessages } from '../../db/schema';
import { readMessage } from '../../mail/kinds';
import type { OutgoingMail } from '../../mail/mailer';
import { deliverMailJob } from '../../mail/queue-mail';
import { readMailFacts } from '../../services/mail/facts';
import { giveUpMail } from '../../services/mail/give-up-mail';
import { jobDefinition } from '../job-definition';

type Deps = Pick<JobDeps, 'db' | 'files' | 'mailer' | 'appUrl' | 'log'>;

/**
 * Delivers one outbox message. Composed now, not when queued: its facts (services/mail/facts)
 * read what its kind (mail/kinds) says and make its link for this very e-mail (a signing or
 * review link, a reset token; only their hashes are stored), or find it should no longer go out,
 * and it is skipped.
 */
export const deliverMail = jobDefinition({
  ...deliverMailJob,
  handle: (deps, { messageId }, job) => deliverMessage(deps, messageId, job),
});

export async function deliverMessage(
  deps: Deps,
  messageId: string,
  job: Pick<JobRow, 'attempts' | 'maxAttempts'>,
): Promise<void> {
  const { db } = deps;
  const [message] = await db.select().from(mailMessages).where(eq(mailMessages.id, messageId));
  if (message?.status !== 'queued') return;
  const read = readMessage(message);
  if ('skip' in read) {
    // A stored row its kind cannot read (an older shape, a kind since removed): never a crash loop.
    deps.log.warn({ messageId, kind: message.kind, reason: read.skip }, 'mail skipped');
    await record(db, message.id, { status: 'skipped' });
    return;
  }
  try {
    const { definition } = read;
    const facts = await readMailFacts(deps, definition.kind, read.message);
    if (facts === null) {
      await record(db, message.id, { status: 'skipped' });
      return;
    }
    const mail: OutgoingMail = {
      to: { name: message.toName, email: message.toEmail },
      ...definition.compose(facts),
    };
    await deps.mailer.deliver(mail);
    await record(db, message.id, {
      status: deps.mailer.kind === 'smtp' ? 'sent' : 'held',
      subject: mail.subject,
      sentAt: new Date(),
      attempts: job.attempts,
      lastError: null,
      // Only the local outbox keeps the bodies: they are how an admin reads the mail. Never a
      // link that lets its reader act as the recipient (sign, review, join, reset, confirm), nor
      // a signer's one-time code: admins and their tokens read this outbox, and the link or code
      // must prove that whoever uses it reads the recipient's mailbox.
      ...(deps.mailer.kind === 'outbox' ? keptBody(mail) : {}),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (job.attempts >= job.maxAttempts) await giveUpMail(db, message, { reason, attempts: job.attempts });
    else await record(db, message.id, { attempts: job.attempts, lastError: reason });
    throw error;
  }
}

/** The body the local outbox keeps: the message, its copy without the access link, or none. */
function keptBody(mail: OutgoingMail): Pick<MailMessageRow, 'heldText' | 'heldHtml'> {
  const kept = mail.kept === undefined ? mail : mail.kept;
  return { heldText: kept?.text ?? null, heldHtml: kept?.html ?? null };
}

async function record(db: Database, id: string, values: Partial<MailMessageRow>): Promise<void> {
  await db
    .update(mailMessages)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(mailMessages.id, id));
}
