import { randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { emailVerifications, memberships, users } from '../../db/schema';
import { queueMail } from '../../mail/queue-mail';
import { consumeRateLimit, type RateLimitRule } from '../rate-limits/consume-rate-limit';
import { assertStrongEnough } from './common-passwords';
import { emailVerificationMs } from './email-verification';
import { hashPassword } from './passwords';
import { tooManyAttempts } from './sign-in';
import type { SignUpInput } from './sign-up';

/** The one answer to a sign-up, whether or not the address already has an account. */
export const signUpRequestedMessage =
  'Check your e-mail: we sent a link to finish creating your account. It works for 24 hours.';

/**
 * Every answer takes at least this long, so an address with an account (which queues a notice)
 * and one without (which stores the pending sign-up) cannot be told apart by timing.
 */
export const signUpAnswerMs = 400;

/** Mails about one address per hour: more sign-ups for it are answered the same and mail nothing. */
const mailsPerEmail: RateLimitRule = { limit: 5, windowMs: 60 * 60 * 1000 };

/**
 * A sign-up that needs the address proven first. A new address gets a pending sign-up (the
 * details and the password's hash, for 24 hours) and a mail whose link finishes it; an address
 * that has an account gets a notice to its owner instead. The caller learns nothing: the answer
 * and its timing are the same either way, and the password is hashed either way.
 *
 * Returns the id the browser's sign-up cookie names: the pending sign-up's, or a random one of
 * the same form when none was stored, so the cookie says nothing either.
 */
export async function requestSignUp(
  db: Database,
  input: SignUpInput & { ip: string | null },
  rule: RateLimitRule,
  answerMs = signUpAnswerMs,
): Promise<string> {
  assertStrongEnough(input.password, input);
  const wait = await consumeRateLimit(db, `sign-up:address:${input.ip ?? 'unknown'}`, rule);
  if (wait > 0) throw tooManyAttempts(wait);
  const answerAt = Date.now() + answerMs;
  let named: string = randomUUID();
  try {
    const passwordHash = await hashPassword(input.password);
    if ((await consumeRateLimit(db, `sign-up:email:${input.email}`, mailsPerEmail)) > 0) return named;
    const now = clock.now();
    await db.transaction(async (tx) => {
      const [owner] = await tx
        .select({ name: users.name, organizationId: memberships.organizationId })
        .from(users)
        .leftJoin(memberships, eq(memberships.userId, users.id))
        .where(eq(users.email, input.email))
        .orderBy(asc(memberships.createdAt))
        .limit(1);
      if (owner) {
        await queueMail(tx, {
          organizationId: owner.organizationId,
          contractId: null,
          kind: 'sign_up_attempt',
          to: { name: owner.name, email: input.email },
        });
        return;
      }
      const [pending] = await tx
        .insert(emailVerifications)
        .values({
          purpose: 'sign-up',
          email: input.email,
          name: input.name,
          passwordHash,
          organizationName: input.organizationName,
          createdAt: now,
          expiresAt: new Date(now.getTime() + emailVerificationMs),
        })
        .returning({ id: emailVerifications.id });
      if (!pending) throw new Error('The pending sign-up was not stored');
      named = pending.id;
      await queueMail(tx, {
        organizationId: null,
        contractId: null,
        kind: 'sign_up_confirmation',
        to: { name: input.name, email: input.email },
        params: { verificationId: pending.id },
      });
    });
    return named;
  } finally {
    const left = answerAt - Date.now();
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}
