import { placeTaggedFields as placeNow } from '../../services/contract-files/place-tagged-fields';
import { eventConsumer } from '../job-definition';

/**
 * A PDF added to a draft: the fields its text tags ask for are placed. A file whose tags could not
 * be read is done with, without fields (logged), rather than failed and retried.
 */
export const placeTaggedFields = eventConsumer('place-tagged-fields', async (deps, { event }) => {
  if (event.type !== 'contract.file_added' || !event.contractId) return;
  const { unread } = await placeNow(deps, {
    contractId: event.contractId,
    fileId: event.data.fileId,
  });
  // Settled, not retried: the same file would cost the upload thread the same again.
  if (unread !== undefined) {
    deps.log.warn(
      { contractId: event.contractId, fileId: event.data.fileId, reason: unread },
      'text tags not read',
    );
  }
});
