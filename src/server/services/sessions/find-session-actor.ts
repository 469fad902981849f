import { and, eq, gt, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import type { Database } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { memberships, organizations, sessions, users } from '../../db/schema';
import { hashSessionToken } from './session-token';

// Runs on every signed-in request: prepared once, one round trip.
const sessionActor = preparedOnce((db) =>
  db
    .select({
      sessionId: sessions.id,
      userId: users.id,
      userName: users.name,
      email: users.email,
      avatarUrl: users.avatarUrl,
      organizationId: organizations.id,
      organizationName: organizations.name,
      role: memberships.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(organizations, eq(organizations.id, sessions.organizationId))
    .innerJoin(
      memberships,
      and(eq(memberships.userId, sessions.userId), eq(memberships.organizationId, sessions.organizationId)),
    )
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        gt(sessions.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('find_session_actor'),
);

/** The actor behind a session cookie; null when the session is unknown, expired or its membership gone. */
export async function findSessionActor(
  db: Database,
  input: { secret: string; token: string; ip: string | null; userAgent: string | null },
): Promise<Actor | null> {
  const [row] = await sessionActor(db).execute({
    tokenHash: hashSessionToken(input.secret, input.token),
    now: new Date(),
  });
  return row ? { ...row, ip: input.ip, userAgent: input.userAgent } : null;
}
