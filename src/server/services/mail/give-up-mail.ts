import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contracts, mailMessages } from '../../db/schema';
import { systemAuthor } from '../history/author-of';
import { transition } from '../lifecycle/transition';

/**
 * The last attempt to deliver a message failed: it is `failed`, and a message about a contract is
 * recorded on it (history, event, notification), where its sender sees it and can resend it.
 */
export async function giveUpMail(
  db: Database,
  message: { id: string; kind: string; toEmail: string; contractId: string | null },
  failure: { reason: string; attempts: number },
): Promise<void> {
  const { reason, attempts } = failure;
  await db.transaction(async (tx) => {
    await tx
      .update(mailMessages)
      .set({ status: 'failed', attempts, lastError: reason, updatedAt: new Date() })
      .where(eq(mailMessages.id, message.id));
    if (!message.contractId) return;
    const [contract] = await tx
      .select({ id: contracts.id, organizationId: contracts.organizationId, status: contracts.status })
      .from(contracts)
      .where(eq(contracts.id, message.contractId))
      .for('update');
    if (!contract) return;
    await transition(tx, {
      contract,
      step: 'mail.failed',
      facts: {
        messageId: message.id,
        details: `${message.kind} e-mail to ${message.toEmail} could not be delivered: ${reason}`,
      },
      author: systemAuthor,
      at: new Date(),
    });
  });
}
