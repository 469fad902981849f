import { lt } from 'drizzle-orm';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { rateBuckets, rateLimits } from '../../db/schema';

/** Longer than the longest window any limit or single-use spend counts in (a day). */
const keptMs = 2 * 24 * 60 * 60 * 1000;

/**
 * Deletes counters whose window ended long ago, and token buckets that are full again. A key is
 * counted afresh in each window, and most keys (an address and account pair, a spent challenge
 * or pending sign-in, a revoked token's bucket) are never seen again, so without this the tables
 * only grow.
 */
export async function pruneRateLimits(db: Database, now = clock.now()): Promise<number> {
  const deleted = await db
    .delete(rateLimits)
    .where(lt(rateLimits.windowStart, new Date(now.getTime() - keptMs)))
    .returning({ key: rateLimits.key });
  const full = await db
    .delete(rateBuckets)
    .where(lt(rateBuckets.fullAt, now))
    .returning({ key: rateBuckets.key });
  return deleted.length + full.length;
}
