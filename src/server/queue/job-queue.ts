import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type JobLane, type JobRow, jobs } from '../db/schema';
import { jobLanes, type LaneLimits } from './job-lanes';

export type NewJob = {
  type: string;
  payload: unknown;
  /** Not before this time (default: now). */
  runAt?: Date;
  /** A second enqueue with the same key is ignored, so a retried request cannot queue twice. */
  dedupeKey?: string;
  maxAttempts?: number;
  /** The runner's pool that runs it (default: `default`; see job-lanes.ts). */
  lane?: JobLane;
  /** Whose work it is: each organization's jobs take their turn (none: the work of no organization). */
  organizationId?: string | null;
  /** Jobs with the same key run at most the lane's `perKey` at a time (a webhook endpoint's id). */
  concurrencyKey?: string;
};

/**
 * Queues a job. Pass the transaction of the change that causes it: the job exists if and only
 * if the change committed. The insert's trigger (`jobs_queued`) sends NOTIFY 'jobs' in the
 * same transaction, so every process's runner wakes at the commit, never before the job is
 * there to be claimed.
 */
export async function enqueueJob(tx: Database, job: NewJob): Promise<void> {
  await enqueueJobs(tx, [job]);
}

/**
 * Queues several jobs in one statement, as `enqueueJob` queues one (a job whose dedupe key is
 * taken is left out): a fan-out of one event to twenty endpoints is one insert, not twenty.
 */
export async function enqueueJobs(tx: Database, batch: NewJob[]): Promise<void> {
  if (batch.length === 0) return;
  const now = new Date();
  await tx
    .insert(jobs)
    .values(
      batch.map((job) => ({
        type: job.type,
        payload: job.payload,
        runAt: job.runAt ?? now,
        dedupeKey: job.dedupeKey ?? null,
        maxAttempts: job.maxAttempts ?? 5,
        lane: job.lane ?? 'default',
        organizationId: job.organizationId ?? null,
        concurrencyKey: job.concurrencyKey ?? null,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
}

/**
 * Takes up to `limit` due jobs of a lane for this worker, in one statement, each organization in
 * turn: an organization's next job ranks after every other organization's jobs with fewer of
 * theirs running or ahead of it, so a burst of one organization (a hundred webhook deliveries)
 * delays another's invitation by one turn, not by the whole burst. The lane's caps leave out an
 * organization, or a concurrency key, that has as many running as it may. Row locks with SKIP
 * LOCKED mean two workers, in one process or many, never take the same job.
 *
 * The organizations with queued jobs are found by walking the queued index (one probe each, not
 * a scan of the backlog), and each one's first `limit` due jobs are read from it in order, so a
 * claim costs the same behind a backlog of a hundred thousand jobs as behind none. Jobs of no
 * organization take their turn as one more. Within an organization the order stays first due,
 * first run, but for the jobs of a key that is full, which are passed over (within those first
 * `limit` jobs) for the next ones.
 */
export async function claimJobs(
  db: Database,
  input: { workerId: string; limit: number; lane?: JobLane; limits?: LaneLimits; now?: Date },
): Promise<JobRow[]> {
  const now = (input.now ?? new Date()).toISOString();
  const lane = input.lane ?? 'default';
  const { perOrganization, perKey } = input.limits ?? jobLanes[lane];
  const due = sql`status = 'queued' and lane = ${lane} and run_at <= ${now}::timestamptz`;
  const firstDue = sql`order by run_at, created_at limit ${input.limit}`;
  const result = await db.execute(sql`
    with recursive tenants(organization_id) as (
      (select organization_id from ${jobs}
        where status = 'queued' and lane = ${lane} and organization_id is not null
        order by organization_id limit 1)
      union all
      select (select next.organization_id from ${jobs} next
          where next.status = 'queued' and next.lane = ${lane} and next.organization_id > tenants.organization_id
          order by next.organization_id limit 1)
        from tenants where tenants.organization_id is not null
    ),
    queued as (
      select each.* from tenants cross join lateral (
        select id, organization_id, concurrency_key, run_at, created_at from ${jobs}
        where ${due} and organization_id = tenants.organization_id ${firstDue}
      ) each
      where tenants.organization_id is not null
      union all
      (select id, organization_id, concurrency_key, run_at, created_at from ${jobs}
        where ${due} and organization_id is null ${firstDue})
    ),
    running as (
      select organization_id, concurrency_key from ${jobs} where status = 'running' and lane = ${lane}
    ),
    keyed as (
      select queued.*,
        case when concurrency_key is null then 0 else
          row_number() over (partition by concurrency_key order by run_at, created_at)
          + (select count(*) from running where running.concurrency_key = queued.concurrency_key)
        end as key_share
      from queued
    ),
    ranked as materialized (
      select id, run_at, created_at,
        row_number() over (partition by organization_id order by run_at, created_at)
        + (select count(*) from running
          where running.organization_id is not distinct from keyed.organization_id) as share
      from keyed
      ${perKey === undefined ? sql`` : sql`where key_share <= ${perKey}`}
    )
    update ${jobs} set status = 'running', locked_at = ${now}::timestamptz, locked_by = ${input.workerId},
      attempts = attempts + 1, updated_at = ${now}::timestamptz
    where id in (
      select claimable.id from ${jobs} claimable join ranked on ranked.id = claimable.id
      where claimable.status = 'queued'
        ${perOrganization === undefined ? sql`` : sql`and ranked.share <= ${perOrganization}`}
      order by ranked.share, ranked.run_at, ranked.created_at
      limit ${input.limit}
      for update of claimable skip locked
    )
    returning id`);
  const ids = (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
  if (ids.length === 0) return [];
  return db.query.jobs.findMany({ where: (job, { inArray }) => inArray(job.id, ids) });
}

export async function completeJob(db: Database, job: JobRow): Promise<void> {
  await db
    .update(jobs)
    .set({ status: 'succeeded', lockedAt: null, lockedBy: null, lastError: null, updatedAt: new Date() })
    .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running')));
}

/** 30 s, 2 min, 8 min, 32 min… (×4 each time), at most 6 hours. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 4 ** Math.max(0, attempts - 1), 6 * 60 * 60 * 1000);
}

/** Puts a failed job back with a later run time, or marks it failed after its last attempt. */
export async function failJob(
  db: Database,
  job: JobRow,
  error: unknown,
  now = new Date(),
): Promise<'retrying' | 'failed'> {
  const message = error instanceof Error ? error.message : String(error);
  const finalAttempt = job.attempts >= job.maxAttempts;
  await db
    .update(jobs)
    .set({
      status: finalAttempt ? 'failed' : 'queued',
      runAt: finalAttempt ? job.runAt : new Date(now.getTime() + retryDelayMs(job.attempts)),
      lockedAt: null,
      lockedBy: null,
      lastError: message.slice(0, 2000),
      updatedAt: now,
    })
    .where(eq(jobs.id, job.id));
  return finalAttempt ? 'failed' : 'retrying';
}

/**
 * Says the worker is still alive and still working on its jobs: a running job's lock is renewed
 * every few seconds, so a job whose lock has not been renewed for a while lost its worker.
 */
export async function renewJobLocks(db: Database, workerId: string, now = new Date()): Promise<void> {
  await db
    .update(jobs)
    .set({ lockedAt: now })
    .where(and(eq(jobs.status, 'running'), eq(jobs.lockedBy, workerId)));
}

/** Jobs whose worker died mid-run (locked for longer than `staleAfterMs`) go back in the queue. */
export async function releaseStaleJobs(
  db: Database,
  staleAfterMs: number,
  now = new Date(),
): Promise<number> {
  const released = await db
    .update(jobs)
    .set({ status: 'queued', lockedAt: null, lockedBy: null, updatedAt: now })
    .where(and(eq(jobs.status, 'running'), lt(jobs.lockedAt, new Date(now.getTime() - staleAfterMs))))
    .returning({ id: jobs.id });
  return released.length;
}
