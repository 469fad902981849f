import { z } from 'zod';
import { jobType } from '../../queue/job-type';

/**
 * An uploaded PDF's text read for search (read-file-text.ts), queued with the row that names it
 * (attach-pdf.ts) and, for PDFs uploaded before, by the migration that brought it. Several jobs of
 * one file are harmless: the first stores its text, the others find it there.
 */
export const readFileTextJob = jobType({
  type: 'read-file-text',
  payload: z.object({ sha256: z.string().regex(/^[0-9a-f]{64}$/) }),
  maxAttempts: 3,
});
