import { z } from 'zod';
import { jobType } from '../../queue/job-type';

/**
 * One row of a bulk send, made into its contract and sent: in the `bulk` lane (queue/job-lanes.ts),
 * keyed by its organization, so a batch of 5,000 takes its turns beside everyone else's work.
 * Each queuing of a row has a key of its own (a retry, a wait for the sending limit).
 */
export const sendBulkRowJob = jobType({
  type: 'send-bulk-row',
  payload: z.object({ rowId: z.uuid() }),
  lane: 'bulk',
  maxAttempts: 3,
});

export const bulkRowJobKey = (rowId: string, queuing: number) => `send-bulk-row:${rowId}:${queuing}`;
