import { and, desc, eq, gt } from 'drizzle-orm';
import type { ActiveSession } from '../../../shared/api/profile';
import * as clock from '../../clock';
import type { ServiceContext } from '../../context';
import { sessions } from '../../db/schema';
import { presentSession } from '../../presenters/session';

/** The user's sessions that have not expired, this one first, then the newest. */
export async function listSessions(ctx: ServiceContext): Promise<ActiveSession[]> {
  const { db, actor } = ctx;
  const rows = await db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      expiresAt: sessions.expiresAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      lastSeenAt: sessions.lastSeenAt,
      lastSeenIp: sessions.lastSeenIp,
      authMethods: sessions.authMethods,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, actor.userId), gt(sessions.expiresAt, clock.now())))
    .orderBy(desc(sessions.createdAt), desc(sessions.id));
  const items = rows.map((row) => presentSession(row, actor));
  return [...items.filter((item) => item.current), ...items.filter((item) => !item.current)];
}
