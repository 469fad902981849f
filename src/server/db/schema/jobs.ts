import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdAt, id, updatedAt } from './columns';
import { jobStatusEnum } from './enums';

/** The runner's pools a job may run in (their limits: queue/job-lanes.ts); the column keeps the name. */
export const jobLaneNames = ['default', 'webhooks', 'bulk'] as const;
export type JobLane = (typeof jobLaneNames)[number];

// The durable job queue.

/** Durable background work: claimed with row locks, so each job runs once across processes. */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    status: jobStatusEnum('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    runAt: at('run_at').notNull().defaultNow(),
    lockedAt: at('locked_at'),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    dedupeKey: text('dedupe_key'),
    /** Which pool of the runner runs it (its limits: queue/job-lanes.ts): webhook deliveries have their own. */
    lane: text('lane').$type<JobLane>().notNull().default('default'),
    /**
     * Whose work it is, for the fair share: each organization's due jobs are taken in turn. Null
     * for work of no organization (a sign-up's confirmation), which takes its turn as one more.
     * No foreign key: a job outlives nothing it names, and reads what it needs when it runs.
     */
    organizationId: uuid('organization_id'),
    /** Jobs with the same key run only a few at a time (a webhook endpoint: see the lane's perKey). */
    concurrencyKey: text('concurrency_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The claim walks the organizations with queued jobs of a lane, then each one's due jobs in order.
    index('jobs_queued_idx')
      .on(t.lane, t.organizationId, t.runAt, t.createdAt)
      .where(sql`${t.status} = 'queued'`),
    // What each organization and key already has running, for the caps.
    index('jobs_running_idx').on(t.lane, t.organizationId).where(sql`${t.status} = 'running'`),
    uniqueIndex('jobs_dedupe_key_key').on(t.dedupeKey),
  ],
);
export type JobRow = typeof jobs.$inferSelect;
