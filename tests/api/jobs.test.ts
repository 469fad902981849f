import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobs, rateBuckets, rateLimits } from '../../src/server/db/schema';
import { claimJobs, enqueueJob, releaseStaleJobs, retryDelayMs } from '../../src/server/queue/job-queue';
import { type JobHandler, JobRunner } from '../../src/server/queue/job-runner';
import { pruneRateLimits } from '../../src/server/services/sweeps/prune-rate-limits';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.dispose());
// Each test starts from an empty queue: a runner takes whatever is due, whoever queued it.
beforeEach(async () => {
  await database.db.delete(jobs);
});

const log = pino({ level: 'silent' });
const jobOf = async (type: string) => (await database.db.select().from(jobs).where(eq(jobs.type, type)))[0];

describe('the job queue', () => {
  it('queues a job only if the transaction that causes it commits', async () => {
    await database.db
      .transaction(async (tx) => {
        await enqueueJob(tx, { type: 'rolled-back', payload: {} });
        throw new Error('the change failed');
      })
      .catch(() => undefined);
    await database.db.transaction((tx) => enqueueJob(tx, { type: 'committed', payload: {} }));
    expect(await jobOf('rolled-back')).toBeUndefined();
    expect(await jobOf('committed')).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('ignores a second enqueue with the same dedupe key', async () => {
    for (let n = 0; n < 2; n += 1)
      await enqueueJob(database.db, { type: 'dedupe', payload: { n }, dedupeKey: 'once' });
    expect(await database.db.select().from(jobs).where(eq(jobs.type, 'dedupe'))).toHaveLength(1);
  });

  it('gives each due job to exactly one of several workers at once', async () => {
    for (let n = 0; n < 20; n += 1) await enqueueJob(database.db, { type: 'race', payload: { n } });
    const claims = await Promise.all(
      ['a', 'b', 'c', 'd'].map((workerId) => claimJobs(database.db, { workerId, limit: 20 })),
    );
    const claimed = claims.flat().filter((job) => job.type === 'race');
    expect(claimed).toHaveLength(20);
    expect(new Set(claimed.map((job) => job.id)).size).toBe(20);
  });

  it('does not hand out a job before its time', async () => {
    await enqueueJob(database.db, { type: 'later', payload: {}, runAt: new Date(Date.now() + 60_000) });
    const claimed = await claimJobs(database.db, { workerId: 'early', limit: 100 });
    expect(claimed.some((job) => job.type === 'later')).toBe(false);
  });

  it("takes each organization's due jobs in turn, not first in, first out across organizations", async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    // A burst of one organization, then one job of another and one of no organization.
    for (let n = 0; n < 20; n += 1)
      await enqueueJob(database.db, { type: 'burst', payload: { n }, organizationId: a });
    await enqueueJob(database.db, { type: 'other', payload: {}, organizationId: b });
    await enqueueJob(database.db, { type: 'nobody', payload: {} });
    const first = await claimJobs(database.db, { workerId: 'fair', limit: 3 });
    expect(first.map((job) => job.type).sort()).toEqual(['burst', 'nobody', 'other']);
    expect(first.find((job) => job.type === 'burst')?.payload).toEqual({ n: 0 });
    // With the others served, the burst goes on in its own order.
    const next = await claimJobs(database.db, { workerId: 'fair', limit: 2 });
    expect(next.map((job) => job.payload)).toEqual(expect.arrayContaining([{ n: 1 }, { n: 2 }]));
  });

  it('keeps lanes apart and holds an organization and a key to their caps in theirs', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const limits = { concurrency: 8, perOrganization: 3, perKey: 2 };
    for (let n = 0; n < 10; n += 1) {
      await enqueueJob(database.db, {
        type: 'delivery',
        payload: { n },
        lane: 'webhooks',
        organizationId: a,
        concurrencyKey: n < 5 ? 'endpoint-1' : 'endpoint-2',
      });
    }
    await enqueueJob(database.db, { type: 'mail', payload: {}, organizationId: a });
    // The default lane takes only its own.
    const mail = await claimJobs(database.db, { workerId: 'lanes', limit: 8 });
    expect(mail.map((job) => job.type)).toEqual(['mail']);
    // Two of the first endpoint's (its cap), then the second endpoint's, up to the organization's three.
    const taken = await claimJobs(database.db, { workerId: 'lanes', lane: 'webhooks', limit: 8, limits });
    expect(taken.map((job) => job.concurrencyKey).sort()).toEqual(['endpoint-1', 'endpoint-1', 'endpoint-2']);
    expect(await claimJobs(database.db, { workerId: 'lanes', lane: 'webhooks', limit: 8, limits })).toEqual(
      [],
    );
    // Another organization is not held back by the first one's cap.
    await enqueueJob(database.db, {
      type: 'delivery',
      payload: {},
      lane: 'webhooks',
      organizationId: b,
      concurrencyKey: 'endpoint-3',
    });
    const other = await claimJobs(database.db, { workerId: 'lanes', lane: 'webhooks', limit: 8, limits });
    expect(other.map((job) => job.organizationId)).toEqual([b]);
  });

  it('puts back a job whose worker died mid-run', async () => {
    await enqueueJob(database.db, { type: 'orphan', payload: {} });
    const [claimed] = (await claimJobs(database.db, { workerId: 'dies', limit: 100 })).filter(
      (job) => job.type === 'orphan',
    );
    expect(claimed?.status).toBe('running');
    expect(
      await releaseStaleJobs(database.db, 60_000, new Date(Date.now() + 120_000)),
    ).toBeGreaterThanOrEqual(1);
    expect(await jobOf('orphan')).toMatchObject({ status: 'queued', lockedBy: null });
  });
});

describe('the job runner', () => {
  it('runs a job with its parsed payload and records success', async () => {
    const seen: unknown[] = [];
    const handlers: Record<string, JobHandler> = {
      greet: { payload: z.object({ name: z.string() }), handle: async (payload) => void seen.push(payload) },
    };
    await enqueueJob(database.db, { type: 'greet', payload: { name: 'Ada' } });
    const runner = new JobRunner({ db: database.db, handlers, log });
    await runner.runDueJobs();
    expect(seen).toEqual([{ name: 'Ada' }]);
    expect(await jobOf('greet')).toMatchObject({ status: 'succeeded', attempts: 1, lastError: null });
  });

  it('retries a failing job with a growing delay, then marks it failed after its last attempt', async () => {
    let calls = 0;
    const handlers: Record<string, JobHandler> = {
      flaky: {
        payload: z.object({}),
        handle: async () => {
          calls += 1;
          throw new Error(`SMTP refused (${calls})`);
        },
      },
    };
    await enqueueJob(database.db, { type: 'flaky', payload: {}, maxAttempts: 2 });
    const runner = new JobRunner({ db: database.db, handlers, log });
    await runner.runDueJobs();
    const afterFirst = await jobOf('flaky');
    expect(afterFirst).toMatchObject({ status: 'queued', attempts: 1, lastError: 'SMTP refused (1)' });
    expect((afterFirst?.runAt.getTime() ?? 0) - Date.now()).toBeGreaterThan(retryDelayMs(1) - 5_000);

    await database.db.update(jobs).set({ runAt: new Date() }).where(eq(jobs.type, 'flaky'));
    await runner.runDueJobs();
    expect(await jobOf('flaky')).toMatchObject({
      status: 'failed',
      attempts: 2,
      lastError: 'SMTP refused (2)',
    });
    expect(calls).toBe(2);
  });

  it('fails a job whose payload does not match, without running it', async () => {
    let ran = false;
    const handlers: Record<string, JobHandler> = {
      strict: {
        payload: z.object({ id: z.uuid() }),
        handle: async () => {
          ran = true;
        },
      },
    };
    await enqueueJob(database.db, { type: 'strict', payload: { id: 'nope' }, maxAttempts: 1 });
    await new JobRunner({ db: database.db, handlers, log }).runDueJobs();
    expect(ran).toBe(false);
    expect(await jobOf('strict')).toMatchObject({ status: 'failed' });
  });

  it('polls until stopped', async () => {
    const done: unknown[] = [];
    const handlers: Record<string, JobHandler> = {
      polled: { payload: z.object({ n: z.number() }), handle: async (payload) => void done.push(payload) },
    };
    const runner = new JobRunner({ db: database.db, handlers, log, pollMs: 20 });
    runner.start();
    await enqueueJob(database.db, { type: 'polled', payload: { n: 1 } });
    await expect.poll(() => done, { timeout: 5_000 }).toEqual([{ n: 1 }]);
    await runner.stop();
  });

  it('keeps a long job locked while its worker lives, and gives up the lock of a dead one soon', async () => {
    let finish: () => void = () => {};
    const handlers: Record<string, JobHandler> = {
      long: { payload: z.object({}), handle: () => new Promise<void>((resolve) => (finish = resolve)) },
    };
    await enqueueJob(database.db, { type: 'long', payload: {} });
    const runner = new JobRunner({ db: database.db, handlers, log, heartbeatMs: 50, staleAfterMs: 400 });
    const running = runner.runDueJobs();
    await expect.poll(async () => (await jobOf('long'))?.status).toBe('running');
    const claimedAt = (await jobOf('long'))?.lockedAt;
    // The lock is renewed while the handler works…
    await expect
      .poll(async () => ((await jobOf('long'))?.lockedAt?.getTime() ?? 0) - (claimedAt?.getTime() ?? 0), {
        timeout: 10_000,
      })
      .toBeGreaterThan(500);
    // …so another worker's look for dead workers' jobs, 400 ms stale, leaves it alone.
    expect(await releaseStaleJobs(database.db, 400)).toBe(0);
    finish();
    await running;
    expect(await jobOf('long')).toMatchObject({ status: 'succeeded', attempts: 1 });

    // A worker that died holds a lock nobody renews: it is released after the stale time, not 5 minutes.
    await enqueueJob(database.db, { type: 'orphaned', payload: {} });
    await claimJobs(database.db, { workerId: 'died', limit: 10 });
    expect(await releaseStaleJobs(database.db, 30_000, new Date(Date.now() + 31_000))).toBe(1);
  });

  it('the sweeps delete rate-limit counters two days past their window, and keep newer ones', async () => {
    const now = new Date();
    const day = 24 * 60 * 60 * 1000;
    await database.db.insert(rateLimits).values([
      { key: 'sweep-test:old', windowStart: new Date(now.getTime() - 3 * day), count: 1 },
      { key: 'sweep-test:new', windowStart: new Date(now.getTime() - day), count: 1 },
    ]);
    expect(await pruneRateLimits(database.db, now)).toBeGreaterThanOrEqual(1);
    const left = await database.db.select({ key: rateLimits.key }).from(rateLimits);
    expect(left.map((row) => row.key)).toContain('sweep-test:new');
    expect(left.map((row) => row.key)).not.toContain('sweep-test:old');
  });

  it('the sweeps delete token buckets that are full again, and keep the others', async () => {
    const now = new Date();
    await database.db.insert(rateBuckets).values([
      { key: 'sweep-test:full', fullAt: new Date(now.getTime() - 1) },
      { key: 'sweep-test:spent', fullAt: new Date(now.getTime() + 60_000) },
    ]);
    expect(await pruneRateLimits(database.db, now)).toBeGreaterThanOrEqual(1);
    const left = await database.db.select({ key: rateBuckets.key }).from(rateBuckets);
    expect(left.map((row) => row.key)).toEqual(['sweep-test:spent']);
  });

  it('the retry delay grows from 30 seconds and stops growing at 6 hours', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 120_000, 480_000, 1_920_000]);
    expect(retryDelayMs(20)).toBe(6 * 60 * 60 * 1000);
  });
});
