import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { jobs } from '../db/schema';

export type JobRow = typeof jobs.$inferSelect;

export type NewJob = {
  type: string;
  payload: unknown;
  /** Not before this time (default: now). */
  runAt?: Date;
  /** A second enqueue with the same key is ignored, so a retried request cannot queue twice. */
  dedupeKey?: string;
  maxAttempts?: number;
};

/**
 * Queues a job. Pass the transaction of the change that causes it: the job exists if and only
 * if the change committed. The insert's trigger (`jobs_queued`) sends NOTIFY 'jobs' in the
 * same transaction, so every process's runner wakes at the commit, never before the job is
 * there to be claimed.
 */
export async function enqueueJob(tx: Database, job: NewJob): Promise<void> {
  const now = new Date();
  await tx
    .insert(jobs)
    .values({
      type: job.type,
      payload: job.payload,
      runAt: job.runAt ?? now,
      dedupeKey: job.dedupeKey ?? null,
      maxAttempts: job.maxAttempts ?? 5,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoNothing();
}

/**
 * Takes up to `limit` due jobs for this worker. Row locks with SKIP LOCKED mean two workers,
 * in one process or many, never take the same job.
 */
export async function claimJobs(
  db: Database,
  input: { workerId: string; limit: number; now?: Date },
): Promise<JobRow[]> {
  const now = input.now ?? new Date();
  const result = await db.execute(sql`
    update ${jobs} set status = 'running', locked_at = ${now.toISOString()}::timestamptz, locked_by = ${input.workerId},
      attempts = attempts + 1, updated_at = ${now.toISOString()}::timestamptz
    where id in (
      select id from ${jobs}
      where status = 'queued' and run_at <= ${now.toISOString()}::timestamptz
      order by run_at, created_at
      limit ${input.limit}
      for update skip locked
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
