import { placeTaggedFields } from '../../services/contract-files/place-tagged-fields';
import { eventConsumer } from '../job-definition';

/** A PDF added to a draft: the fields its text tags ask for are placed. */
export const placeTaggedFieldsOfFile = eventConsumer('place-tagged-fields', async (deps, { event }) => {
  if (event.type !== 'contract.file_added' || !event.contractId) return;
  await placeTaggedFields(deps, { contractId: event.contractId, fileId: event.data.fileId });
});
