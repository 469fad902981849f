import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client';
import { jobs } from '../../src/server/db/schema';
import { claimJobs, enqueueJob } from '../../src/server/queue/job-queue';
import { JobRunner } from '../../src/server/queue/job-runner';
import { createPostgresDatabase, postgresReachable } from '../support/postgres-server';

const log = pino({ level: 'silent' });
const postgresUp = await postgresReachable();

type Target = { name: string; open(): Promise<DatabaseHandle & { dispose(): Promise<void> }> };

const targets: Target[] = [
  {
    name: 'PGlite',
    open: async () => {
      const handle = await openDatabase({ kind: 'pglite' });
      await handle.migrate();
      return { ...handle, dispose: () => handle.close() };
    },
  },
  {
    name: 'PostgreSQL',
    open: async () => {
      const created = await createPostgresDatabase();
      const handle = await openDatabase({ kind: 'postgres', url: created.url });
      await handle.migrate();
      return {
        ...handle,
        dispose: async () => {
          await handle.close();
          await created.drop();
        },
      };
    },
  },
];

/** A runner whose safety poll is a minute away, recording when each job of its type ran. */
function recordingRunner(db: DatabaseHandle['db'], type: string, options: { pollMs?: number } = {}) {
  const ran: { id: string; at: number }[] = [];
  const runner = new JobRunner({
    db,
    log,
    pollMs: options.pollMs ?? 60_000,
    handlers: {
      [type]: {
        payload: z.object({ n: z.number() }),
        handle: async (_payload, job) => {
          ran.push({ id: job.id, at: performance.now() });
        },
      },
    },
  });
  return { runner, ran };
}

for (const target of targets) {
  describe.skipIf(target.name === 'PostgreSQL' && !postgresUp)(`wake-ups on ${target.name}`, () => {
    let database: DatabaseHandle & { dispose(): Promise<void> };
    beforeAll(async () => {
      database = await target.open();
    });
    afterAll(() => database.dispose());

    it('runs a queued job at once, not at the next poll', async () => {
      const { runner, ran } = recordingRunner(database.db, 'at-once');
      await runner.start();
      try {
        // After the start's own look for due jobs, nothing runs until a NOTIFY (the poll is a minute away).
        await runner.idle();
        let queuedAt = 0;
        await database.db.transaction(async (tx) => {
          await enqueueJob(tx, { type: 'at-once', payload: { n: 1 } });
          // The NOTIFY is delivered at the commit: nothing runs while the transaction is open.
          await new Promise((resolve) => setTimeout(resolve, 200));
          expect(ran).toHaveLength(0);
          queuedAt = performance.now();
        });
        await expect.poll(() => ran.length, { timeout: 10_000, interval: 5 }).toBe(1);
        const latency = (ran[0]?.at ?? 0) - queuedAt;
        // The poll would take 60 s; a wake-up takes milliseconds (2 s leaves room for a busy machine).
        expect(latency).toBeLessThan(2_000);
        // Recorded as done just after the handler returns.
        const statusOf = async () =>
          (await database.db.select().from(jobs).where(eq(jobs.type, 'at-once')))[0];
        await expect.poll(statusOf, { timeout: 5_000 }).toMatchObject({ status: 'succeeded', attempts: 1 });
      } finally {
        await runner.stop();
      }
    });

    it('coalesces a burst: every job of 30 queued one by one runs once', async () => {
      const { runner, ran } = recordingRunner(database.db, 'burst');
      runner.start();
      try {
        for (let n = 0; n < 30; n += 1) await enqueueJob(database.db, { type: 'burst', payload: { n } });
        await expect.poll(() => ran.length, { timeout: 10_000, interval: 5 }).toBe(30);
        expect(new Set(ran.map((entry) => entry.id)).size).toBe(30);
      } finally {
        await runner.stop();
      }
    });

    it('runs jobs side by side: a slow one holds one place, not the jobs queued after it', async () => {
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const quick: string[] = [];
      const runner = new JobRunner({
        db: database.db,
        log,
        pollMs: 60_000,
        lanes: { default: { concurrency: 2 } },
        handlers: {
          'side-slow': { payload: z.object({}), handle: () => held },
          'side-quick': {
            payload: z.object({ n: z.number() }),
            handle: async (_payload, job) => {
              quick.push(job.id);
            },
          },
        },
      });
      await runner.start();
      try {
        await runner.idle();
        await enqueueJob(database.db, { type: 'side-slow', payload: {} });
        for (let n = 0; n < 5; n += 1) await enqueueJob(database.db, { type: 'side-quick', payload: { n } });
        // All five run while the slow one still holds its place.
        await expect.poll(() => quick.length, { timeout: 10_000, interval: 10 }).toBe(5);
        const [slow] = await database.db.select().from(jobs).where(eq(jobs.type, 'side-slow'));
        expect(slow?.status).toBe('running');
        release();
        await runner.idle();
        const [done] = await database.db.select().from(jobs).where(eq(jobs.type, 'side-slow'));
        expect(done?.status).toBe('succeeded');
      } finally {
        release();
        await runner.stop();
      }
    });

    it("re-runs a dead worker's job on the safety poll, with no new job to wake anyone", async () => {
      await enqueueJob(database.db, { type: 'orphan', payload: { n: 1 } });
      // A worker takes the job and dies: its lock is never renewed.
      const [claimed] = await claimJobs(database.db, { workerId: 'worker-that-died', limit: 1 });
      expect(claimed?.type).toBe('orphan');
      const ran: string[] = [];
      const runner = new JobRunner({
        db: database.db,
        log,
        // The production figures are a 25 s stale time and a 5 s poll; the same ratio, shorter.
        pollMs: 200,
        staleAfterMs: 1_000,
        heartbeatMs: 100,
        handlers: {
          orphan: {
            payload: z.object({ n: z.number() }),
            handle: async (_payload, job) => void ran.push(job.id),
          },
        },
      });
      const started = performance.now();
      runner.start();
      try {
        await expect.poll(() => ran, { timeout: 10_000, interval: 20 }).toEqual([claimed?.id]);
        const elapsed = performance.now() - started;
        // Not before the lock went stale, and within the stale time plus a poll or two.
        expect(elapsed).toBeGreaterThanOrEqual(900);
        expect(elapsed).toBeLessThan(5_000);
        const statusOf = async () =>
          (
            await database.db
              .select()
              .from(jobs)
              .where(eq(jobs.id, claimed?.id ?? ''))
          )[0];
        await expect
          .poll(statusOf, { timeout: 5_000 })
          .toMatchObject({ status: 'succeeded', attempts: 2, lockedBy: null });
      } finally {
        await runner.stop();
      }
    });

    it.skipIf(target.name !== 'PostgreSQL')(
      'listens again after its connection is dropped, and tells subscribers to catch up',
      async () => {
        const payloads: string[] = [];
        let resumed = 0;
        const unlisten = await database.listen(
          'reconnect_check',
          (payload) => payloads.push(payload),
          () => (resumed += 1),
        );
        try {
          // The server ends the listening session, as a restart or a network cut would.
          const ended = await database.db.execute(sql`
            select pg_terminate_backend(pid) as ended from pg_stat_activity
            where datname = current_database() and query ilike 'LISTEN reconnect_check%'`);
          expect((ended as unknown as { rows: unknown[] }).rows).toHaveLength(1);
          await expect.poll(() => resumed, { timeout: 10_000, interval: 20 }).toBe(1);
          await database.db.execute(sql`select pg_notify('reconnect_check', 'after')`);
          await expect.poll(() => payloads, { timeout: 5_000, interval: 5 }).toEqual(['after']);
        } finally {
          unlisten();
        }
      },
    );

    it("names the queued jobs' lanes, one NOTIFY per lane of a transaction", async () => {
      const payloads: string[] = [];
      const unlisten = await database.listen('jobs', (payload) => payloads.push(payload));
      try {
        await database.db.transaction(async (tx) => {
          for (let n = 0; n < 3; n += 1) {
            await enqueueJob(tx, { type: 'lane-named', payload: { n }, lane: 'webhooks' });
          }
        });
        await expect.poll(() => payloads, { timeout: 5_000, interval: 5 }).toEqual(['webhooks']);
        await database.db.transaction(async (tx) => {
          await enqueueJob(tx, { type: 'lane-named', payload: { n: 3 } });
          await enqueueJob(tx, { type: 'lane-named', payload: { n: 4 }, lane: 'webhooks' });
        });
        await expect
          .poll(() => [...payloads].sort(), { timeout: 5_000, interval: 5 })
          .toEqual(['default', 'webhooks', 'webhooks']);
      } finally {
        unlisten();
        await database.db.delete(jobs).where(eq(jobs.type, 'lane-named'));
      }
    });

    it('folds the NOTIFYs of one transaction and delivers none for a rolled-back one', async () => {
      const payloads: string[] = [];
      const unlisten = await database.listen('notifications', (payload) => payloads.push(payload));
      try {
        const user = '00000000-0000-4000-8000-00000000abcd';
        await database.db
          .transaction(async (tx) => {
            await tx.execute(sql`select pg_notify('notifications', ${user})`);
            throw new Error('rolled back');
          })
          .catch(() => undefined);
        await database.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_notify('notifications', ${user})`);
          await tx.execute(sql`select pg_notify('notifications', ${user})`);
        });
        await expect.poll(() => payloads, { timeout: 5_000, interval: 5 }).toEqual([user]);
      } finally {
        unlisten();
      }
    });
  });
}
