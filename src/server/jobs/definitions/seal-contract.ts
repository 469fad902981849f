import { sealContract } from '../../services/signing/seal-contract';
import { eventConsumer } from '../job-definition';
import { eventOf } from './event-of';

/** A contract everyone signed is sealed: the final PDF rendered, sealed and stored. */
export const sealCompletedContract = eventConsumer('seal-contract', async (deps, { eventId }) => {
  const found = await eventOf(deps.db, eventId);
  if (found?.contract) await sealContract(deps, found.contract.id);
});
