import { sealContract as sealNow } from '../../services/sealing/seal-contract';
import { eventConsumer } from '../job-definition';

/** A contract everyone signed is sealed: the final PDF rendered, sealed and stored. */
export const sealContract = eventConsumer('seal-contract', async (deps, { contract }) => {
  if (contract) await sealNow(deps, contract.id);
});
