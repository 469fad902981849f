import { eq } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { Actor } from '../../actor';
import type { Database } from '../../db/client';
import { sessions } from '../../db/schema';

/** How recent a sign-in must be to add a way of signing in, or to remove a passkey. */
export const recentSignInMs = 15 * 60 * 1000;

/**
 * Adding a passkey, an authenticator app or new recovery codes gives whoever does it a lasting
 * way in (a passkey even without the password), and removing a passkey can strip the only
 * second factor, so a session found open on someone else's computer must not be enough: the
 * sign-in must be from the last 15 minutes.
 */
export async function requireRecentSignIn(db: Database, actor: Actor, now = Date.now()): Promise<void> {
  const [session] = await db
    .select({ createdAt: sessions.createdAt })
    .from(sessions)
    .where(eq(sessions.id, actor.sessionId));
  if (!session || now - session.createdAt.getTime() > recentSignInMs) {
    throw new AppError(
      'RECENT_SIGN_IN_REQUIRED',
      'For your security, sign out and sign in again (within the last 15 minutes) to change how you sign in.',
    );
  }
}
