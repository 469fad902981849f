import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { type Listen, listenerOf, type Unlisten } from '../db/listen';
import { loggableCause } from '../logging';
import { claimJobs, completeJob, failJob, type JobRow, releaseStaleJobs, renewJobLocks } from './job-queue';
import { WakeUps } from './wake-up';

/**
 * What the runner runs for a type of job: its payload schema and what to do. Kinds of jobs are
 * written as job definitions (job-definition.ts) and bound to the process's dependencies
 * (`bindJob`); the runner's own tests give plain handlers. A handler may run more than once for
 * the same job (a worker can die after the work and before recording it), so it must be written
 * to do the work only once: check before acting, use idempotency keys.
 */
export type JobHandler<S extends z.ZodType = z.ZodType> = {
  payload: S;
  handle: (payload: z.infer<S>, job: JobRow) => Promise<void>;
};

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
  /** Jobs running at once in this process when woken (default 8). */
  concurrency?: number;
};

/**
 * A lock renewed every 5 s and given up after 25 s, looked for at least every 5 s: a dead
 * worker's job runs again within 30 s of its last renewal.
 */
const defaultHeartbeatMs = 5_000;
const defaultStaleAfterMs = 25_000;
export const defaultJobPollMs = 5_000;
/**
 * Jobs are mostly waits (SMTP, a webhook receiver, the PDF thread): several run at once, so a
 * slow one (a receiver taking its full 10 s) holds one place, not the seal or the mail behind it.
 */
const defaultConcurrency = 8;
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
  /** Jobs started by wake-ups and not finished yet. */
  private readonly inFlight = new Set<Promise<void>>();
  private heartbeat: NodeJS.Timeout | undefined;

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
    await this.idle();
  }

  /** Resolves when nothing is looked for, pending or running (the start's first look, a wake-up's jobs). */
  async idle(): Promise<void> {
    await this.wakeUps.idle();
    while (this.inFlight.size > 0) {
      await Promise.all(this.inFlight);
      // A job that finished woke the runner, which may have started more.
      await this.wakeUps.idle();
    }
  }

  /** Looks for due jobs now (a run already in progress is followed by one more). */
  wake(): void {
    if (!this.stopped) this.wakeUps.wake();
  }

  /** Runs one batch of due jobs, all at once, and waits for them; returns how many ran. For tests and tools. */
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
      await Promise.all(claimed.map((job) => this.runOne(job)));
    } finally {
      clearInterval(heartbeat);
    }
    return claimed.length;
  }

  /**
   * Fills the free places with due jobs and returns without waiting for them: each job that
   * finishes wakes the runner again, so the queue drains at `concurrency` jobs at a time.
   */
  private async runUntilIdle(): Promise<void> {
    const { db, concurrency = defaultConcurrency } = this.options;
    try {
      while (!this.stopped) {
        const free = concurrency - this.inFlight.size;
        if (free <= 0) return;
        const claimed = await claimJobs(db, { workerId: this.workerId, limit: free });
        for (const job of claimed) this.launch(job);
        if (claimed.length < free) return;
      }
    } catch (error) {
      // The database may be away; the safety poll or the next NOTIFY tries again.
      this.options.log.warn({ err: loggableCause(error) }, 'running due jobs failed');
    }
  }

  private launch(job: JobRow): void {
    const running: Promise<void> = this.runOne(job)
      // Recording the outcome failed (the database went away): the lock lapses and the job runs again.
      .catch((error: unknown) =>
        this.options.log.warn({ err: loggableCause(error) }, 'recording a job failed'),
      )
      .finally(() => {
        this.inFlight.delete(running);
        if (this.inFlight.size === 0) {
          clearInterval(this.heartbeat);
          this.heartbeat = undefined;
        }
        this.wake();
      });
    this.inFlight.add(running);
    this.heartbeat ??= setInterval(() => {
      renewJobLocks(this.options.db, this.workerId).catch((error: unknown) =>
        this.options.log.warn({ err: loggableCause(error) }, 'renewing job locks failed'),
      );
    }, this.options.heartbeatMs ?? defaultHeartbeatMs);
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

  /**
   * The safety poll: now and then every pollMs, whether or not a NOTIFY came, it puts dead
   * workers' jobs back (only here: not once more for every job that finishes) and looks for due jobs.
   */
  private poll(): void {
    if (this.stopped) return;
    releaseStaleJobs(this.options.db, this.options.staleAfterMs ?? defaultStaleAfterMs)
      .catch((error: unknown) =>
        this.options.log.warn({ err: loggableCause(error) }, 'releasing stale jobs failed'),
      )
      .finally(() => this.wake());
    this.timer = setTimeout(() => this.poll(), this.options.pollMs ?? defaultJobPollMs);
  }
}
