import { eq } from 'drizzle-orm';
import { reached } from '../../../shared/recipients';
import { contracts, signers } from '../../db/schema';
import { queueMail } from '../../mail/queue-mail';
import { eventConsumer } from '../job-definition';

/**
 * The recipients hear of their turn (their invitation: everyone at once, or each group as it is
 * reached, a witness once their signer has signed, a delegate or a corrected address at once),
 * a CC of the contract as their group is reached, and everyone invited of a cancellation. Each
 * invitation is keyed by the recipient and when they were invited (a correction invites again), so
 * it goes once, whichever event asked for it.
 */
export const mailSigners = eventConsumer('mail-signers', async ({ db }, { event, contract }) => {
  if (!contract) return;
  const all = await db.select().from(signers).where(eq(signers.contractId, contract.id));
  if (event.type === 'contract.canceled') {
    for (const signer of all) {
      if (!signer.invitedAt || !signer.email || signer.status === 'declined' || signer.status === 'delegated')
        continue;
      await queueMail(db, {
        organizationId: contract.organizationId,
        contractId: contract.id,
        signerId: signer.id,
        kind: 'canceled',
        params: { reason: event.data.reason ?? '' },
        to: { name: signer.name, email: signer.email },
        dedupeKey: `canceled:${signer.id}`,
      });
    }
    return;
  }
  const [state] = await db
    .select({ status: contracts.status, sequential: contracts.sequential })
    .from(contracts)
    .where(eq(contracts.id, contract.id));
  // Once complete, the sealed PDF's e-mail is what everyone gets (mail-completion.ts).
  if (state?.status !== 'sent') return;
  for (const signer of reached(all, state.sequential)) {
    if (!signer.invitedAt || !signer.email) continue;
    await queueMail(db, {
      organizationId: contract.organizationId,
      contractId: contract.id,
      signerId: signer.id,
      kind: signer.role === 'cc' ? 'cc_notice' : 'invitation',
      to: { name: signer.name, email: signer.email },
      dedupeKey: `invitation:${signer.id}:${signer.invitedAt.getTime()}`,
    });
  }
});
