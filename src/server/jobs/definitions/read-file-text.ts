import { readFileText } from '../../services/search/read-file-text';
import { readFileTextJob } from '../../services/search/read-file-text-job';
import { jobDefinition } from '../job-definition';

/** An uploaded PDF's text read for search (services/search/read-file-text.ts). */
export const readFileTextDefinition = jobDefinition({
  ...readFileTextJob,
  handle: (deps, { sha256 }, job) => readFileText(deps, { sha256, organizationId: job.organizationId }),
});
