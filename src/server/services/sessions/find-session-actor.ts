import { and, eq, gt, sql } from 'drizzle-orm';
import type { Actor } from '../../actor';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { memberships, organizations, sessions, users } from '../../db/schema';
import { twoFactorSetupRequired } from '../two-factor/two-factor-setup-required';
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
      lastSeenAt: sessions.lastSeenAt,
      twoFactorSetupRequired,
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
    now: clock.now(),
  });
  if (!row) return null;
  const { lastSeenAt, ...actor } = row;
  await touchSession(db, { sessionId: row.sessionId, lastSeenAt, ip: input.ip });
  return { ...actor, ip: input.ip, userAgent: input.userAgent };
}

/** How stale a session's last activity may get before a request writes it again. */
export const lastSeenEveryMs = 60_000;

/**
 * Notes when and from where the session was last used, for the profile's list, writing at most
 * once a minute so a busy session costs no write per request.
 */
async function touchSession(
  db: Database,
  input: { sessionId: string; lastSeenAt: Date | null; ip: string | null },
): Promise<void> {
  const now = clock.now();
  if (input.lastSeenAt && now.getTime() - input.lastSeenAt.getTime() < lastSeenEveryMs) return;
  await db
    .update(sessions)
    .set({ lastSeenAt: now, lastSeenIp: input.ip })
    .where(eq(sessions.id, input.sessionId));
}
