import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { loggableCause } from '../logging';
import { claimJobs, completeJob, failJob, type JobRow, releaseStaleJobs, renewJobLocks } from './job-queue';

/**
 * A kind of job: its payload schema and what to do. A handler may run more than once for the
 * same job (a worker can die after the work and before recording it), so it must be written to
 * do the work only once: check before acting, use idempotency keys.
 */
export type JobHandler<S extends z.ZodType = z.ZodType> = {
  payload: S;
  handle: (payload: z.infer<S>, job: JobRow) => Promise<void>;
};

/** A handler whose payload type follows from its schema. */
export function defineJob<S extends z.ZodType>(
  payload: S,
  handle: (payload: z.infer<S>, job: JobRow) => Promise<void>,
): JobHandler {
  return { payload, handle: handle as JobHandler['handle'] };
}

export type JobRunnerOptions = {
  db: Database;
  handlers: Record<string, JobHandler>;
  log: FastifyBaseLogger;
  pollMs?: number;
  batchSize?: number;
  /** How long a running job's lock may go unrenewed before another worker takes it over. */
  staleAfterMs?: number;
  /** How often a running job's lock is renewed. */
  heartbeatMs?: number;
};

/** A lock renewed every 5 s and given up after 30 s: a dead worker's job runs again within ~30 s. */
const defaultHeartbeatMs = 5_000;
const defaultStaleAfterMs = 30_000;

/** Polls the jobs table and runs what is due, one batch at a time, until stopped. */
export class JobRunner {
  readonly workerId = `worker-${randomUUID()}`;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private stopped = true;

  constructor(private readonly options: JobRunnerOptions) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops polling and waits for the batch in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Runs every due job once; returns how many ran. Used by the poll loop and by tests. */
  async runDueJobs(now?: Date): Promise<number> {
    const { db, staleAfterMs = defaultStaleAfterMs, batchSize = 10 } = this.options;
    await releaseStaleJobs(db, staleAfterMs);
    const claimed = await claimJobs(db, {
      workerId: this.workerId,
      limit: batchSize,
      ...(now ? { now } : {}),
    });
    if (claimed.length === 0) return 0;
    const heartbeat = setInterval(() => {
      renewJobLocks(db, this.workerId).catch((error: unknown) =>
        this.options.log.warn({ err: loggableCause(error) }, 'renewing job locks failed'),
      );
    }, this.options.heartbeatMs ?? defaultHeartbeatMs);
    try {
      for (const job of claimed) await this.runOne(job);
    } finally {
      clearInterval(heartbeat);
    }
    return claimed.length;
  }

  private async runOne(job: JobRow): Promise<void> {
    const { db, handlers, log } = this.options;
    const handler = handlers[job.type];
    try {
      if (!handler) throw new Error(`No handler for job type '${job.type}'`);
      await handler.handle(handler.payload.parse(job.payload), job);
      await completeJob(db, job);
    } catch (error) {
      const outcome = await failJob(db, job, error);
      log.warn(
        { jobId: job.id, type: job.type, attempts: job.attempts, outcome, err: loggableCause(error) },
        'job failed',
      );
    }
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.running = this.runDueJobs()
        .then((ran) => this.schedule(ran > 0 ? 0 : (this.options.pollMs ?? 1000)))
        .catch((error: unknown) => {
          // The database may be away; try again after the usual pause.
          this.options.log.warn({ err: loggableCause(error) }, 'job polling failed');
          this.schedule(this.options.pollMs ?? 1000);
        });
    }, delayMs);
  }
}
