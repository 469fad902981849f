import { and, eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import { sessions } from '../../db/schema';

/**
 * Signs one of the user's own sessions out; anyone else's id is not found, like a missing one.
 * Says whether it was the session making the request (whose cookie the caller then clears).
 */
export async function endSession(ctx: ServiceContext, sessionId: string): Promise<{ current: boolean }> {
  const { db, actor } = ctx;
  const [ended] = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, actor.userId)))
    .returning({ id: sessions.id });
  if (!ended) throw new AppError('NOT_FOUND', 'Session not found');
  return { current: ended.id === actor.sessionId };
}
