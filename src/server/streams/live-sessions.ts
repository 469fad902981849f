import { and, eq, gt, inArray } from 'drizzle-orm';
import * as clock from '../clock';
import type { Database } from '../db/client';
import { memberships, sessions } from '../db/schema';

/** Ids per statement: bounds the statement's parameters however many streams are open. */
const chunkSize = 1000;

/**
 * Which of these sessions still hold: not ended, not expired, and their person still a member
 * of the session's organization (what `findSessionActor` requires of a cookie). One statement
 * per thousand sessions, for all the open streams of a process at once.
 */
export async function liveSessionIds(
  db: Database,
  sessionIds: readonly string[],
  now = clock.now(),
): Promise<Set<string>> {
  const live = new Set<string>();
  // An actor without a session (an API token) has nothing to check, and is never live here.
  const ids = sessionIds.filter((id) => id !== '');
  for (let start = 0; start < ids.length; start += chunkSize) {
    const rows = await db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(
        memberships,
        and(eq(memberships.userId, sessions.userId), eq(memberships.organizationId, sessions.organizationId)),
      )
      .where(and(inArray(sessions.id, ids.slice(start, start + chunkSize)), gt(sessions.expiresAt, now)));
    for (const row of rows) live.add(row.id);
  }
  return live;
}
