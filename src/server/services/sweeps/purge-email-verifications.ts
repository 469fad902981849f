import { lt } from 'drizzle-orm';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { emailVerifications } from '../../db/schema';

/** Kept this long past expiry, so a late click still hears that its link expired or was used. */
const keptMs = 24 * 60 * 60 * 1000;

/**
 * Deletes confirmation rows a day after they expired: a sign-up that was never confirmed holds a
 * password hash, which is kept no longer than needed.
 */
export async function purgeEmailVerifications(db: Database, now = clock.now()): Promise<number> {
  const deleted = await db
    .delete(emailVerifications)
    .where(lt(emailVerifications.expiresAt, new Date(now.getTime() - keptMs)))
    .returning({ id: emailVerifications.id });
  return deleted.length;
}
