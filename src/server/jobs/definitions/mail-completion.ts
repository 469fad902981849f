import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { signers } from '../../db/schema';
import { queueMail } from '../../mail/queue-mail';
import { contractOwner } from '../../services/contracts/contract-owner';
import { eventConsumer } from '../job-definition';

/**
 * The sealed PDF goes to every recipient (CCs included; not to one who handed their turn to
 * someone else) and to the sender, once each.
 */
export const mailCompletion = eventConsumer('mail-completion', async ({ db }, { contract }) => {
  if (!contract?.sealedAt) return;
  const recipients = await db
    .select({ id: signers.id, name: signers.name, email: signers.email })
    .from(signers)
    .where(
      and(eq(signers.contractId, contract.id), ne(signers.status, 'delegated'), isNotNull(signers.email)),
    );
  const everyone = recipients.flatMap(({ email, ...signer }) =>
    email === null ? [] : [{ ...signer, email, signerId: signer.id as string | null }],
  );
  const sender = await contractOwner(db, contract.createdBy);
  if (sender && !everyone.some((person) => person.email === sender.email)) {
    everyone.push({ id: '', name: sender.name, email: sender.email, signerId: null });
  }
  await db.transaction(async (tx) => {
    for (const person of everyone) {
      await queueMail(tx, {
        organizationId: contract.organizationId,
        contractId: contract.id,
        signerId: person.signerId,
        kind: 'completed',
        to: { name: person.name, email: person.email },
        dedupeKey: `completed:${contract.id}:${person.email}`,
      });
    }
  });
});
