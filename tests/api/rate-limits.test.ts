import { afterEach, describe, expect, it } from 'vitest';
import { advanceClock, nowMs, resetClock, setClock } from '../../src/server/clock';
import { consumeCooldown, consumeRateLimit } from '../../src/server/services/rate-limits/consume-rate-limit';
import { takeFromBucket } from '../../src/server/services/rate-limits/token-bucket';
import { testApp } from '../support/test-app';

const ctx = await testApp();

describe('rate limits on the shared table', () => {
  // 30 s windows start on multiples of 30 s: this instant is 1 ms before one ends.
  const edge = new Date(Math.floor(Date.now() / 30_000) * 30_000 + 29_999);
  const later = (ms: number) => new Date(edge.getTime() + ms);

  it('a fixed window lets two attempts through a moment apart across its edge', async () => {
    const rule = { limit: 1, windowMs: 30_000 };
    expect(await consumeRateLimit(ctx.database.db, 'fixed:one', rule, edge)).toBe(0);
    expect(await consumeRateLimit(ctx.database.db, 'fixed:one', rule, later(1))).toBe(0);
    // Within one window, the second is refused until the window ends.
    expect(await consumeRateLimit(ctx.database.db, 'fixed:one', rule, later(2))).toBe(30);
  });

  it('a cooldown counts from the last attempt let through, across any edge', async () => {
    const { db } = ctx.database;
    expect(await consumeCooldown(db, 'cooldown:one', 30_000, edge)).toBe(0);
    expect(await consumeCooldown(db, 'cooldown:one', 30_000, later(1))).toBe(30);
    expect(await consumeCooldown(db, 'cooldown:one', 30_000, later(29_000))).toBe(1);
    // A refused attempt does not move the start: 30 s after the first, the next goes through.
    expect(await consumeCooldown(db, 'cooldown:one', 30_000, later(30_000))).toBe(0);
    expect(await consumeCooldown(db, 'cooldown:one', 30_000, later(30_001))).toBe(30);
    // Keys are apart.
    expect(await consumeCooldown(db, 'cooldown:two', 30_000, later(1))).toBe(0);
  });

  it('a token bucket lets no more than its limit through across a window edge, then its rate', async () => {
    const { db } = ctx.database;
    // 3 a minute: a request's share is 20 s.
    const rule = { limit: 3, windowMs: 60_000 };
    const take = (ms: number, key = 'bucket:one') => takeFromBucket(db, key, rule, later(ms));
    // The whole allowance at once, just before a minute's edge; nothing more just after it,
    // where a fixed window would have let three more through.
    expect([await take(0), await take(0), await take(0)]).toEqual([0, 0, 0]);
    expect(await take(2)).toBe(20);
    expect(await take(10_000)).toBe(10);
    // Refused requests take nothing: one share after the burst, one request goes through.
    expect(await take(20_000)).toBe(0);
    expect(await take(20_001)).toBe(20);
    // Idle for a whole window, the bucket is full again.
    expect([await take(80_000), await take(80_000), await take(80_000)]).toEqual([0, 0, 0]);
    expect(await take(80_000)).toBeGreaterThan(0);
    // Keys are apart.
    expect(await take(2, 'bucket:two')).toBe(0);
  });

  it('a token bucket lets exactly its limit through when requests arrive at once', async () => {
    const rule = { limit: 5, windowMs: 60_000 };
    const waits = await Promise.all(
      Array.from({ length: 20 }, () => takeFromBucket(ctx.database.db, 'bucket:parallel', rule, edge)),
    );
    expect(waits.filter((wait) => wait === 0)).toHaveLength(5);
  });
});

describe('the clock the rules read', () => {
  afterEach(() => {
    resetClock();
  });

  it('a rule whose window the clock is advanced past lets attempts through again', async () => {
    const { db } = ctx.database;
    const rule = { limit: 2, windowMs: 60 * 60_000 };
    const tries = () => consumeRateLimit(db, 'clock:fixed', rule);
    setClock(new Date('2030-01-01T10:15:00Z'));
    expect([await tries(), await tries()]).toEqual([0, 0]);
    // Refused until the hour ends, 45 minutes on; the held clock does not move by itself.
    expect(await tries()).toBe(45 * 60);
    advanceClock(44 * 60_000);
    expect(await tries()).toBe(60);
    advanceClock(60_000);
    expect(await tries()).toBe(0);
  });

  it('a cooldown and a token bucket read it too', async () => {
    const { db } = ctx.database;
    setClock(new Date('2030-01-01T10:15:00Z'));
    expect(await consumeCooldown(db, 'clock:cooldown', 30_000)).toBe(0);
    expect(await consumeCooldown(db, 'clock:cooldown', 30_000)).toBe(30);
    advanceClock(30_000);
    expect(await consumeCooldown(db, 'clock:cooldown', 30_000)).toBe(0);
    const rule = { limit: 1, windowMs: 60_000 };
    expect(await takeFromBucket(db, 'clock:bucket', rule)).toBe(0);
    expect(await takeFromBucket(db, 'clock:bucket', rule)).toBe(60);
    advanceClock(60_000);
    expect(await takeFromBucket(db, 'clock:bucket', rule)).toBe(0);
  });

  it('ticks from a function, and advancing moves a ticking clock as well', async () => {
    const start = Date.parse('2030-01-01T10:15:00Z');
    let ticks = 0;
    setClock(() => new Date(start + ticks));
    ticks = 500;
    expect(nowMs()).toBe(start + 500);
    advanceClock(1000);
    expect(nowMs()).toBe(start + 1500);
    resetClock();
    expect(Math.abs(nowMs() - Date.now())).toBeLessThan(1000);
  });
});
