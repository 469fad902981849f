import { queueMail } from '../../mail/queue-mail';
import { contractOwner } from '../../services/contracts/contract-owner';
import { eventConsumer } from '../job-definition';
import { eventOf } from './event-of';

/** The sender hears by e-mail of a decline, an expiry and a signer locked out by wrong codes. */
export const mailOwner = eventConsumer('mail-owner', async ({ db }, { eventId }) => {
  const found = await eventOf(db, eventId);
  if (!found?.contract) return;
  const { event, contract } = found;
  const owner = await contractOwner(db, contract.createdBy);
  if (!owner) return;
  const base = { organizationId: contract.organizationId, contractId: contract.id, to: owner };
  const signerName = event.data.signerName ?? '';
  if (event.type === 'contract.declined') {
    await queueMail(db, {
      ...base,
      kind: 'declined',
      params: { signerName, reason: event.data.reason ?? '' },
      dedupeKey: `declined:${contract.id}`,
    });
  } else if (event.type === 'contract.expired') {
    await queueMail(db, { ...base, kind: 'expired', dedupeKey: `expired:${contract.id}` });
  } else if (event.type === 'signer.locked') {
    await queueMail(db, {
      ...base,
      kind: 'signer_locked',
      params: { signerName },
      dedupeKey: `signer-locked:${event.id}`,
    });
  }
});
