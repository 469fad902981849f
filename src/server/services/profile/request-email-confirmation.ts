import { and, eq, isNull } from 'drizzle-orm';
import { AppError } from '../../../shared/errors';
import type { Actor } from '../../actor';
import * as clock from '../../clock';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/client';
import { emailVerifications, users } from '../../db/schema';
import { queueMail } from '../../mail/queue-mail';
import { emailVerificationMs } from '../accounts/email-verification';
import { tooManyAttempts } from '../accounts/sign-in';
import { consumeRateLimit, type RateLimitRule } from '../rate-limits/consume-rate-limit';

/** Confirmation mails a user may ask for per hour (each goes to an address they typed). */
export const emailConfirmationsPerUser: RateLimitRule = { limit: 5, windowMs: 60 * 60 * 1000 };

/**
 * Stores a pending proof of `email` for the account; an earlier pending one of the account stops
 * working (only the latest address asked for can be confirmed). Returns its id. Run in the
 * caller's transaction.
 */
export async function storeEmailVerification(
  tx: Database,
  userId: string,
  email: string,
  now = clock.now(),
): Promise<string> {
  await tx
    .update(emailVerifications)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailVerifications.userId, userId),
        eq(emailVerifications.purpose, 'email-change'),
        isNull(emailVerifications.usedAt),
      ),
    );
  const [pending] = await tx
    .insert(emailVerifications)
    .values({
      purpose: 'email-change',
      email,
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + emailVerificationMs),
    })
    .returning({ id: emailVerifications.id });
  if (!pending) throw new Error('The pending confirmation was not stored');
  return pending.id;
}

/**
 * Stores a pending proof of `email` for the actor's account and queues the mail whose link
 * completes it. Run in the caller's transaction.
 */
export async function queueEmailConfirmation(
  tx: Database,
  actor: Pick<Actor, 'userId' | 'userName'>,
  email: string,
  now = clock.now(),
): Promise<void> {
  const verificationId = await storeEmailVerification(tx, actor.userId, email, now);
  await queueMail(tx, {
    // Not the organization's mail: its outbox must not show whether a confirmation went out
    // (an address another account has gets a notice instead, see update-profile.ts).
    organizationId: null,
    contractId: null,
    kind: 'email_confirmation',
    to: { name: actor.userName, email },
    params: { verificationId, userId: actor.userId },
  });
}

/** Counts one confirmation mail against the user's hourly allowance. */
export async function consumeEmailConfirmation(db: Database, actor: Actor): Promise<void> {
  const wait = await consumeRateLimit(
    db,
    `email-confirmation:user:${actor.userId}`,
    emailConfirmationsPerUser,
  );
  if (wait > 0) throw tooManyAttempts(wait);
}

/**
 * Mails a confirmation link to the address the account has now: for accounts made before
 * addresses were confirmed. One that is confirmed already needs none.
 */
export async function requestEmailConfirmation(ctx: ServiceContext): Promise<{ email: string }> {
  const { db, actor } = ctx;
  const [user] = await db
    .select({ email: users.email, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, actor.userId));
  if (!user) throw new AppError('NOT_FOUND', 'Account not found');
  if (user.emailVerifiedAt) throw new AppError('INVALID_INPUT', 'Your e-mail address is already confirmed');
  await consumeEmailConfirmation(db, actor);
  await db.transaction((tx) => queueEmailConfirmation(tx, actor, user.email));
  return { email: user.email };
}
