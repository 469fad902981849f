import { and, eq, ne } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';

/** Signs the user out everywhere but here. */
export async function endOtherSessions(db: Database, actor: Actor): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, actor.userId), ne(sessions.id, actor.sessionId)));
}
