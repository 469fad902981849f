import { and, eq, ne } from 'drizzle-orm';
import type { ServiceContext } from '../../context';
import { sessions, users } from '../../db/schema';

/**
 * Signs the user out everywhere but here. Stamping the account also voids any sign-in still
 * waiting for its second factor (services/two-factor/pending-second-factor-cookie).
 */
export async function endOtherSessions(ctx: ServiceContext): Promise<void> {
  const { db, actor } = ctx;
  await db.transaction(async (tx) => {
    await tx.delete(sessions).where(and(eq(sessions.userId, actor.userId), ne(sessions.id, actor.sessionId)));
    await tx.update(users).set({ updatedAt: new Date() }).where(eq(users.id, actor.userId));
  });
}
