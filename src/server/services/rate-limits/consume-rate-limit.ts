import { and, desc, eq, lt, sql } from 'drizzle-orm';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { rateLimits } from '../../db/schema';

export type RateLimitRule = { limit: number; windowMs: number };

function windowOf(rule: RateLimitRule, now: Date): { start: Date; resetsAt: Date } {
  const start = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
  return { start: new Date(start), resetsAt: new Date(start + rule.windowMs) };
}

/**
 * Counts one attempt (or `amount`: the recipients of one mailing) against the key in the current
 * fixed window, in one atomic statement shared by every app process, and answers the window's
 * count with this attempt and when the window ends. Counting before the work is done is what
 * keeps parallel attempts from slipping past a limit together.
 */
export async function countAttempt(
  db: Database,
  key: string,
  rule: RateLimitRule,
  now = clock.now(),
  amount = 1,
): Promise<{ count: number; resetsAt: Date }> {
  const { start, resetsAt } = windowOf(rule, now);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: start, count: amount })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + ${amount}` },
    })
    .returning({ count: rateLimits.count });
  await db.delete(rateLimits).where(and(eq(rateLimits.key, key), lt(rateLimits.windowStart, start)));
  return { count: row?.count ?? 0, resetsAt };
}

/**
 * Counts one attempt, or `amount` (countAttempt), and says how long to wait when the key is over
 * its limit (0 when it may go on).
 */
export async function consumeRateLimit(
  db: Database,
  key: string,
  rule: RateLimitRule,
  now = clock.now(),
  amount = 1,
): Promise<number> {
  const { count, resetsAt } = await countAttempt(db, key, rule, now, amount);
  return count > rule.limit ? Math.ceil((resetsAt.getTime() - now.getTime()) / 1000) : 0;
}

/**
 * How long the next attempt against the key would have to wait (0 when it may go on), counting
 * nothing: for refusing a request before its body is read, where its work counts it.
 */
export async function rateLimitWait(
  db: Database,
  key: string,
  rule: RateLimitRule,
  now = clock.now(),
): Promise<number> {
  const { start, resetsAt } = windowOf(rule, now);
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, start)));
  return (row?.count ?? 0) >= rule.limit ? Math.ceil((resetsAt.getTime() - now.getTime()) / 1000) : 0;
}

/** Forgets every attempt counted against the key (a lock its owner lifted). */
export async function forgetRateLimit(db: Database, key: string): Promise<void> {
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
}

/** Gives back an attempt that turned out not to count (a successful sign-in). */
export async function refundRateLimit(
  db: Database,
  key: string,
  rule: RateLimitRule,
  now = clock.now(),
): Promise<void> {
  const { start } = windowOf(rule, now);
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, start)));
}

/**
 * At most one attempt per `ms` for the key, counted from the last one let through, not in fixed
 * windows (where two attempts a moment apart on either side of a window's edge both pass). Says
 * how long to wait, 0 when it may go on. The caller serialises the key's attempts (holds a row
 * lock of what the key is about), so two at once cannot both pass.
 */
export async function consumeCooldown(
  db: Database,
  key: string,
  ms: number,
  now = clock.now(),
): Promise<number> {
  const [last] = await db
    .select({ at: rateLimits.windowStart })
    .from(rateLimits)
    .where(eq(rateLimits.key, key))
    .orderBy(desc(rateLimits.windowStart))
    .limit(1);
  const readyAt = last ? last.at.getTime() + ms : 0;
  if (readyAt > now.getTime()) return Math.ceil((readyAt - now.getTime()) / 1000);
  await db.delete(rateLimits).where(eq(rateLimits.key, key));
  await db.insert(rateLimits).values({ key, windowStart: now, count: 1 });
  return 0;
}
