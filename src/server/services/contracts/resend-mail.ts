import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import { mailMessages } from '../../db/schema';
import { deliverMailJob } from '../../mail/queue-mail';
import { findOwnContract } from '../../policies/scope';
import { enqueue } from '../../queue/job-type';

/** Puts a message whose delivery failed back in the queue, for another round of attempts. */
export async function resendMail(ctx: ServiceContext, contractId: string, messageId: string): Promise<void> {
  const { db, actor } = ctx;
  await db.transaction(async (tx) => {
    await findOwnContract(tx, actor, contractId, { kind: 'contract', forUpdate: true, content: false });
    const [message] = await tx
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.id, messageId), eq(mailMessages.contractId, contractId)))
      .for('update');
    if (!message) throw new AppError('NOT_FOUND', 'Message not found');
    if (message.status !== 'failed') {
      throw new AppError('INVALID_INPUT', 'Only a message that could not be delivered can be sent again');
    }
    const now = new Date();
    await tx
      .update(mailMessages)
      .set({ status: 'queued', attempts: 0, lastError: null, updatedAt: now })
      .where(eq(mailMessages.id, message.id));
    await enqueue(
      tx,
      deliverMailJob,
      { messageId: message.id },
      { organizationId: message.organizationId, dedupeKey: `mail:${message.id}:${now.getTime()}` },
    );
  });
}
