import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../db/client';
import { type Listen, listenerOf, type Unlisten } from '../db/listen';
import { type JobLane, type JobRow, jobLaneNames } from '../db/schema';
import { loggableCause } from '../logging';
import { jobLanes, type LaneLimits } from './job-lanes';
import { claimJobs, completeJob, failJob, releaseStaleJobs, renewJobLocks } from './job-queue';
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
  /** Jobs of each lane `runDueJobs` takes at a time (default 10, within the lane's caps). */
  batchSize?: number;
  /** How long a running job's lock may go unrenewed before another worker takes it over. */
  staleAfterMs?: number;
  /** How often a running job's lock is renewed. */
  heartbeatMs?: number;
  /** How to LISTEN for queued jobs; by default the one of the database `db` was opened by. */
  listen?: Listen;
  /** The lanes' places and caps, where a test wants others than job-lanes.ts says. */
  lanes?: Partial<Record<JobLane, LaneLimits>>;
};

/**
 * A lock renewed every 5 s and given up after 25 s, looked for at least every 5 s: a dead
 * worker's job runs again within 30 s of its last renewal.
 */
const defaultHeartbeatMs = 5_000;
const defaultStaleAfterMs = 25_000;
export const defaultJobPollMs = 5_000;
/**
 * Waits for the event loop's next turn. With the embedded database a query runs on the main
 * thread and hands its result on at once, so a claim and the jobs it starts would otherwise run
 * as one unbroken block; each taking its own turn lets the requests that arrived meanwhile in
 * (and their queries ahead of the next job's).
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The channel the `jobs_queued` trigger notifies, with the job's lane, when a job is inserted. */
export const jobsChannel = 'jobs';

/**
 * Runs due jobs when woken: by a NOTIFY on 'jobs' (sent by the insert's trigger when the
 * enqueuing transaction commits, in whichever process), and by the slow safety poll. Jobs are
 * mostly waits (SMTP, a webhook receiver, the PDF thread): several run at once, in a pool per
 * lane (job-lanes.ts), so a slow one holds one place of its lane, and webhook receivers, however
 * slow, never hold a place the mail or the seal need.
 */
export class JobRunner {
  readonly workerId = `worker-${randomUUID()}`;
  private timer: NodeJS.Timeout | undefined;
  private unlisten: Unlisten | undefined;
  /** One coalescer per lane: a lane is looked at when something may be claimable in it. */
  private readonly wakeUps = new Map<JobLane, WakeUps>(
    jobLaneNames.map((lane) => [lane, new WakeUps(() => this.fillLane(lane))]),
  );
  /**
   * The lanes whose last look took fewer jobs than it had places for, so nothing due was left
   * then. In a lane without caps a job that finishes there frees a place but makes nothing
   * claimable: only a queued job (its NOTIFY), or time (the safety poll), does.
   */
  private readonly drained = new Set<JobLane>();
  private stopped = true;
  /** Jobs started by wake-ups and not finished yet, by lane. */
  private readonly inFlight = new Map<JobLane, Set<Promise<void>>>(
    jobLaneNames.map((lane) => [lane, new Set()]),
  );
  private heartbeat: NodeJS.Timeout | undefined;

  constructor(private readonly options: JobRunnerOptions) {}

  /** Starts the runner; the promise resolves once it is listening (callers need not wait). */
  start(): Promise<void> {
    if (!this.stopped) return Promise.resolve();
    this.stopped = false;
    const listen = this.options.listen ?? listenerOf(this.options.db);
    const listening = (
      listen?.(
        jobsChannel,
        // The payload names the queued job's lane (migration 0018); anything else wakes them all.
        (payload) => this.wake(jobLaneNames.find((lane) => lane === payload)),
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
    await this.lookingDone();
    while (this.running() > 0) {
      await Promise.all([...this.inFlight.values()].flatMap((lane) => [...lane]));
      // A job that finished woke its lane, which may have started more.
      await this.lookingDone();
    }
  }

  private async lookingDone(): Promise<void> {
    await Promise.all([...this.wakeUps.values()].map((wakeUps) => wakeUps.idle()));
  }

  /**
   * Looks for due jobs now, in one lane or in all (a look already in progress is followed by
   * one more). A job may have been queued, so no lane counts as drained any more.
   */
  wake(lane?: JobLane): void {
    if (this.stopped) return;
    for (const each of lane ? [lane] : jobLaneNames) {
      this.drained.delete(each);
      this.wakeUps.get(each)?.wake();
    }
  }

  /**
   * A job of the lane finished: its place is free. The lane is looked at again unless it was
   * drained and has no caps; in a lane with caps the finished job may be what held its
   * organization or key at the cap, so their queued jobs may be claimable now.
   */
  private finished(lane: JobLane): void {
    const { perOrganization, perKey } = this.limitsOf(lane);
    if (this.drained.has(lane) && perOrganization === undefined && perKey === undefined) return;
    if (!this.stopped) this.wakeUps.get(lane)?.wake();
  }

  /**
   * Runs one batch of due jobs of every lane, all at once, and waits for them; returns how many
   * ran. For tests and tools.
   */
  async runDueJobs(now?: Date): Promise<number> {
    const { db, staleAfterMs = defaultStaleAfterMs, batchSize = 10 } = this.options;
    await releaseStaleJobs(db, staleAfterMs);
    const claimed: JobRow[] = [];
    for (const lane of jobLaneNames) {
      claimed.push(
        ...(await claimJobs(db, {
          workerId: this.workerId,
          lane,
          limit: batchSize,
          limits: this.limitsOf(lane),
          ...(now ? { now } : {}),
        })),
      );
    }
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

  private limitsOf(lane: JobLane): LaneLimits {
    return this.options.lanes?.[lane] ?? jobLanes[lane];
  }

  /** Jobs running in this process, in every lane. */
  private running(): number {
    let count = 0;
    for (const lane of this.inFlight.values()) count += lane.size;
    return count;
  }

  /**
   * Fills the lane's free places with its due jobs and returns without waiting for them: each
   * job that finishes wakes its lane again, so each lane drains at its concurrency at a time.
   */
  private async fillLane(lane: JobLane): Promise<void> {
    const limits = this.limitsOf(lane);
    const inFlight = this.inFlight.get(lane) ?? new Set();
    try {
      while (!this.stopped) {
        await nextTurn();
        const free = limits.concurrency - inFlight.size;
        if (free <= 0) return;
        const claimed = await claimJobs(this.options.db, {
          workerId: this.workerId,
          lane,
          limit: free,
          limits,
        });
        for (const job of claimed) this.launch(job, lane, inFlight);
        if (claimed.length < free) {
          this.drained.add(lane);
          return;
        }
      }
    } catch (error) {
      // The database may be away; the safety poll or the next NOTIFY tries again.
      this.options.log.warn({ err: loggableCause(error), lane }, 'running due jobs failed');
    }
  }

  private launch(job: JobRow, lane: JobLane, inFlight: Set<Promise<void>>): void {
    const running: Promise<void> = this.runOne(job)
      // Recording the outcome failed (the database went away): the lock lapses and the job runs again.
      .catch((error: unknown) =>
        this.options.log.warn({ err: loggableCause(error) }, 'recording a job failed'),
      )
      .finally(() => {
        inFlight.delete(running);
        if (this.running() === 0) {
          clearInterval(this.heartbeat);
          this.heartbeat = undefined;
        }
        this.finished(lane);
      });
    inFlight.add(running);
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
      await nextTurn();
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
