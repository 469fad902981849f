import type { ActiveSession } from '../../shared/api/profile';
import type { Actor } from '../actor';
import * as clock from '../clock';
import type { SessionRow } from '../db/schema';
import { summarizeUserAgent } from './user-agent';

type ListedSession = Pick<
  SessionRow,
  'id' | 'createdAt' | 'expiresAt' | 'ip' | 'userAgent' | 'lastSeenAt' | 'lastSeenIp' | 'authMethods'
>;

/**
 * One of the actor's sessions. The address stored is the one it signed in from; for the session
 * making this request the address it is using now is known, so that one is shown.
 */
export function presentSession(row: ListedSession, actor: Actor): ActiveSession {
  const current = row.id === actor.sessionId;
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    ip: (current ? actor.ip : null) ?? row.lastSeenIp ?? row.ip,
    // This very request is activity; others show the last minute-granular note.
    lastSeenAt: (current ? clock.now() : (row.lastSeenAt ?? row.createdAt)).toISOString(),
    device: summarizeUserAgent(current ? (actor.userAgent ?? row.userAgent) : row.userAgent),
    current,
    authMethods: row.authMethods,
  };
}
