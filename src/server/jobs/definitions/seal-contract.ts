import { sealContract } from '../../services/sealing/seal-contract';
import { eventConsumer } from '../job-definition';

/** A contract everyone signed is sealed: the final PDF rendered, sealed and stored. */
export const sealCompletedContract = eventConsumer('seal-contract', async (deps, { contract }) => {
  if (contract) await sealContract(deps, contract.id);
});
