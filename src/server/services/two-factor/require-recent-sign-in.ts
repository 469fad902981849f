import { eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { Actor } from '../../actor';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';

/** How recent a sign-in must be to add a way in, remove a passkey or lower a guard. */
export const recentSignInMs = 15 * 60 * 1000;

/**
 * Adding a passkey, an authenticator app or new recovery codes gives whoever does it a lasting
 * way in (a passkey even without the password), and so do an API token and a webhook endpoint (a
 * token outlives every session; an endpoint receives every contract event); removing a passkey
 * can strip an account of its only second factor, and lowering the organization's two-factor
 * requirement removes a guard. A session found open on someone else's computer must not be
 * enough for any of them: the sign-in must be from the last 15 minutes. `purpose` ends the
 * message ("to create an API token").
 */
export async function requireRecentSignIn(
  db: Database,
  actor: Actor,
  purpose = 'to change how you sign in',
  now = clock.nowMs(),
): Promise<void> {
  const [session] = await db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, actor.sessionId));
  if (!session || now - session.createdAt.getTime() > recentSignInMs) {
    throw new AppError(
      'RECENT_SIGN_IN_REQUIRED',
      `For your security, sign out and sign in again (within the last 15 minutes) ${purpose}.`,
    );
  }
}
