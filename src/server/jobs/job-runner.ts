import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { type Listen, listenerOf, type Unlisten } from '../db/listen';
import { loggableCause } from '../logging';
import { claimJobs, completeJob, failJob, type JobRow, releaseStaleJobs, renewJobLocks } from './job-queue';
import { WakeUps } from './wake-up';

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
  /**
   * The safety poll: how often the runner looks for due jobs without being woken (jobs queued
   * for later, a retry's delay, a NOTIFY lost while the listening connection was down) and for
   * dead workers' jobs.
   */
  pollMs?: number;
  batchSize?: number;
  /** How long a running job's lock may go unrenewed before another worker takes it over. */
  staleAfterMs?: number;
  /** How often a running job's lock is renewed. */
  heartbeatMs?: number;
  /** How to LISTEN for queued jobs; by default the one of the database `db` was opened by. */
  listen?: Listen;
};

/**
 * A lock renewed every 5 s and given up after 25 s, looked for at least every 5 s: a dead
 * worker's job runs again within 30 s of its last renewal.
 */
const defaultHeartbeatMs = 5_000;
const defaultStaleAfterMs = 25_000;
export const defaultJobPollMs = 5_000;
/** The channel the `jobs_queued` trigger notifies when a job is inserted. */
export const jobsChannel = 'jobs';

/**
 * Runs due jobs when woken: by a NOTIFY on 'jobs' (sent by the insert's trigger when the
 * enqueuing transaction commits, in whichever process), and by the slow safety poll.
 */
export class JobRunner {
  readonly workerId = `worker-${randomUUID()}`;
  private timer: NodeJS.Timeout | undefined;
  private unlisten: Unlisten | undefined;
  private readonly wakeUps: WakeUps;
  private stopped = true;

  constructor(private readonly options: JobRunnerOptions) {
    this.wakeUps = new WakeUps(() => this.runUntilIdle());
  }

  /** Starts the runner; the promise resolves once it is listening (callers need not wait). */
  start(): Promise<void> {
    if (!this.stopped) return Promise.resolve();
    this.stopped = false;
    const listen = this.options.listen ?? listenerOf(this.options.db);
    const listening = (
      listen?.(
        jobsChannel,
        () => this.wake(),
        () => this.wake(),
      ) ?? Promise.resolve(undefined)
    ).then(
      (unlisten) => {
        if (this.stopped) unlisten?.();
        else this.unlisten = unlisten;
      },
      // The safety poll carries on, and the listener reconnects and wakes the runner.
      (error: unknown) => this.options.log.warn({ err: loggableCause(error) }, 'listening for jobs failed'),
    );
    this.poll();
    return listening;
  }

  /** Stops waking up and waits for the batch in progress. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.unlisten?.();
    this.unlisten = undefined;
    await this.wakeUps.idle();
  }

  /** Resolves when no run is in flight or pending (the start's first look, a wake-up's run). */
  idle(): Promise<void> {
    return this.wakeUps.idle();
  }

  /** Looks for due jobs now (a run already in progress is followed by one more). */
  wake(): void {
    if (!this.stopped) this.wakeUps.wake();
  }

  /** Runs every due job once; returns how many ran. Used when woken and by tests. */
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

  /** Batch after batch until nothing is due (or the runner is stopped). */
  private async runUntilIdle(): Promise<void> {
    try {
      while (!this.stopped && (await this.runDueJobs()) > 0);
    } catch (error) {
      // The database may be away; the safety poll or the next NOTIFY tries again.
      this.options.log.warn({ err: loggableCause(error) }, 'running due jobs failed');
    }
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

  /** The safety poll: runs now and then every pollMs, whether or not a NOTIFY came. */
  private poll(): void {
    if (this.stopped) return;
    this.wake();
    this.timer = setTimeout(() => this.poll(), this.options.pollMs ?? defaultJobPollMs);
  }
}
