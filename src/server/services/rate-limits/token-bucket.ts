import { eq, sql } from 'drizzle-orm';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { rateBuckets } from '../../db/schema';
import type { RateLimitRule } from './consume-rate-limit';

/**
 * Takes one request from the key's token bucket and says how long to wait when it is empty (0
 * when the request may go on). The bucket holds `limit` requests and refills at `limit` per
 * `windowMs`, evenly: a client may send its whole allowance at once, then one request per
 * `windowMs / limit`. Unlike counting in fixed windows, no two windows' allowances are ever spent
 * together across a window's edge, so no burst exceeds `limit`.
 *
 * The bucket is kept as one time per key, when it will be full again (the generic cell rate
 * algorithm): a request moves that time on by one request's share of the window, and is let
 * through when the time stays within one window of now. One atomic upsert does it, so parallel
 * requests in any number of processes cannot slip past the limit together.
 */
export async function takeFromBucket(
  db: Database,
  key: string,
  rule: RateLimitRule,
  now = clock.now(),
): Promise<number> {
  const shareMs = rule.windowMs / rule.limit;
  const at = now.toISOString();
  const startsFrom = sql`greatest(${rateBuckets.fullAt}, ${at}::timestamptz)`;
  const step = sql`${shareMs} * interval '1 millisecond'`;
  const window = sql`${rule.windowMs} * interval '1 millisecond'`;
  const taken = await db
    .insert(rateBuckets)
    .values({ key, fullAt: new Date(now.getTime() + shareMs) })
    .onConflictDoUpdate({
      target: rateBuckets.key,
      set: { fullAt: sql`${startsFrom} + ${step}` },
      setWhere: sql`${startsFrom} + ${step} - ${at}::timestamptz <= ${window}`,
    })
    .returning({ key: rateBuckets.key });
  if (taken.length > 0) return 0;
  const [row] = await db
    .select({ fullAt: rateBuckets.fullAt })
    .from(rateBuckets)
    .where(eq(rateBuckets.key, key));
  // Empty: one request's share comes back once the bucket is less than a window from full.
  const readyInMs = (row?.fullAt.getTime() ?? 0) + shareMs - rule.windowMs - now.getTime();
  return Math.max(1, Math.ceil(readyInMs / 1000));
}
