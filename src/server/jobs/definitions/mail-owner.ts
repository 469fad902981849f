import { queueMail } from '../../mail/queue-mail';
import { contractOwner } from '../../services/contracts/contract-owner';
import { eventConsumer } from '../job-definition';

/**
 * The sender hears by e-mail of a decline or an approver's rejection, an expiry and a signer
 * locked out by wrong codes.
 */
export const mailOwner = eventConsumer('mail-owner', async ({ db }, { event, contract }) => {
  if (!contract) return;
  const owner = await contractOwner(db, contract.createdBy);
  if (!owner) return;
  const base = { organizationId: contract.organizationId, contractId: contract.id, to: owner };
  if (event.type === 'contract.declined' || event.type === 'contract.rejected') {
    await queueMail(db, {
      ...base,
      kind: 'declined',
      params: {
        signerName: event.data.signerName,
        reason: event.data.reason,
        outcome: event.type === 'contract.rejected' ? 'rejected' : 'declined',
      },
      dedupeKey: `declined:${contract.id}`,
    });
  } else if (event.type === 'contract.expired') {
    await queueMail(db, { ...base, kind: 'expired', dedupeKey: `expired:${contract.id}` });
  } else if (event.type === 'signer.locked') {
    await queueMail(db, {
      ...base,
      kind: 'signer_locked',
      params: { signerName: event.data.signerName, signed: event.data.signed },
      dedupeKey: `signer-locked:${event.id}`,
    });
  }
});
