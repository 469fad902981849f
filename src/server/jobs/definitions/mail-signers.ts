import { eq } from 'drizzle-orm';
import { signers } from '../../db/schema';
import { queueMail } from '../../mail/queue-mail';
import { eventConsumer } from '../job-definition';

/**
 * The signers hear of a sent contract (their invitations: everyone at once, or the first in
 * order), of their turn when the one before them signs, and of a cancellation. Keys per signer
 * make each message once, whichever event asked for it.
 */
export const mailSigners = eventConsumer('mail-signers', async ({ db }, { event, contract }) => {
  if (!contract) return;
  const all = await db.select().from(signers).where(eq(signers.contractId, contract.id));
  const mail = (
    signer: (typeof all)[number],
    message: { kind: 'invitation' } | { kind: 'canceled'; params: { reason: string } },
  ) =>
    queueMail(db, {
      organizationId: contract.organizationId,
      contractId: contract.id,
      signerId: signer.id,
      ...message,
      to: { name: signer.name, email: signer.email },
      dedupeKey: `${message.kind}:${signer.id}`,
    });
  if (event.type === 'contract.sent') {
    for (const signer of all)
      if (signer.invitedAt && signer.status !== 'signed') await mail(signer, { kind: 'invitation' });
  } else if (event.type === 'contract.signed') {
    const next = all.find((signer) => signer.id === event.data.nextSignerId);
    if (next) await mail(next, { kind: 'invitation' });
  } else if (event.type === 'contract.canceled') {
    for (const signer of all) {
      if (!signer.invitedAt || signer.status === 'declined') continue;
      await mail(signer, { kind: 'canceled', params: { reason: event.data.reason ?? '' } });
    }
  }
});
