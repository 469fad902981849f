import { describe, expect, it } from 'vitest';
import { consumeCooldown, consumeRateLimit } from '../../src/server/services/rate-limits/consume-rate-limit';
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
});
