import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';
import { hashSessionToken, newSessionToken } from './session-token';

export const persistentSessionMs = 30 * 24 * 60 * 60 * 1000;
/** A session without remember-me ends with the browser, and on the server after a day at most. */
export const browserSessionMs = 24 * 60 * 60 * 1000;

export type NewSession = { token: string; expiresAt: Date; persistent: boolean };

/** Starts a fresh session (a new id and token at every sign-in, so a planted one is useless). */
export async function createSession(
  db: Database,
  input: {
    secret: string;
    userId: string;
    organizationId: string;
    persistent: boolean;
    ip: string | null;
    userAgent: string | null;
    /** How the person proved who they are ('password', 'totp', 'passkey'…). */
    authMethods?: string[];
  },
): Promise<NewSession> {
  const token = newSessionToken();
  const now = clock.now();
  const expiresAt = new Date(now.getTime() + (input.persistent ? persistentSessionMs : browserSessionMs));
  await db.insert(sessions).values({
    tokenHash: hashSessionToken(input.secret, token),
    userId: input.userId,
    organizationId: input.organizationId,
    persistent: input.persistent,
    expiresAt,
    ip: input.ip,
    userAgent: input.userAgent?.slice(0, 500) ?? null,
    authMethods: input.authMethods ?? [],
    lastSeenAt: now,
    lastSeenIp: input.ip,
    createdAt: now,
  });
  return { token, expiresAt, persistent: input.persistent };
}
