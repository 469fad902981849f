import { sendBulkRowJob } from '../../services/bulk-sends/bulk-row-job';
import { sendBulkRow } from '../../services/bulk-sends/send-bulk-row';
import { jobDefinition } from '../job-definition';

/** A bulk send's row: its contract made from the template and sent (services/bulk-sends/send-bulk-row.ts). */
export const sendBulkRowDefinition = jobDefinition({
  ...sendBulkRowJob,
  handle: (deps, { rowId }, job) => sendBulkRow(deps, rowId, job),
});
