import type { z } from 'zod';
import type { Database } from '../db/client';
import type { JobLane } from '../db/schema';
import { enqueueJobs, type NewJob } from './job-queue';

/**
 * A kind of job as whoever queues it sees it: its name, the schema of its payload, its attempts
 * and its lane. Declared here or beside the service that queues it, below the job definitions
 * (jobs/definitions/), which attach the handler: so a service queues a typed job without importing
 * anything that imports services.
 */
export type JobType<S extends z.ZodType = z.ZodType> = {
  type: string;
  payload: S;
  maxAttempts?: number;
  /** The runner's pool that runs it (default: `default`; see job-lanes.ts). */
  lane?: JobLane;
};

export function jobType<S extends z.ZodType>(job: JobType<S>): JobType<S> {
  return job;
}

/** What a caller says of one job besides its payload: when, under which key, whose work. */
export type JobOptions = Pick<NewJob, 'runAt' | 'dedupeKey' | 'organizationId' | 'concurrencyKey'>;

/**
 * Queues a job of this type, its payload typed by the type's schema. Pass the transaction of the
 * change that causes it: the job exists if and only if the change committed. The one way any code
 * queues a job.
 */
export async function enqueue<S extends z.ZodType>(
  tx: Database,
  job: JobType<S>,
  payload: z.input<S>,
  options: JobOptions = {},
): Promise<void> {
  await enqueueMany(tx, job, [{ payload, ...options }]);
}

/** Queues several jobs of one type in one statement, as `enqueue` does each. */
export async function enqueueMany<S extends z.ZodType>(
  tx: Database,
  job: JobType<S>,
  items: readonly ({ payload: z.input<S> } & JobOptions)[],
): Promise<void> {
  if (items.length === 0) return;
  await enqueueJobs(
    tx,
    items.map((item) => ({
      ...item,
      type: job.type,
      ...(job.maxAttempts ? { maxAttempts: job.maxAttempts } : {}),
      ...(job.lane ? { lane: job.lane } : {}),
    })),
  );
}
