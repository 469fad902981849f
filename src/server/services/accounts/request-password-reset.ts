import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { memberships, users } from '../../db/schema';
import { queueMail } from '../../mail/queue-mail';
import { consumeRateLimit } from '../rate-limits/consume-rate-limit';
import { type AccountLimits, tooManyAttempts } from './sign-in';

/** The one answer to a reset request, whether or not the e-mail has an account. */
export const passwordResetRequestedMessage =
  'If an account exists for that e-mail, we sent a link to reset the password. It works for one hour.';

/**
 * Every answer takes at least this long, so a known e-mail (which queues a mail) and an unknown
 * one (which does not) cannot be told apart by timing.
 */
export const passwordResetAnswerMs = 300;

/**
 * Queues a 'password_reset' mail when the e-mail has an account; the link itself is made when
 * the mail is delivered (mail/kinds/sign-in.ts), so no token is ever stored. Counted per address and
 * per e-mail whether or not the account exists, and answered after the same time either way.
 */
export async function requestPasswordReset(
  db: Database,
  input: { email: string; ip: string | null },
  limits: Pick<AccountLimits, 'passwordResetsPerAddress' | 'passwordResetsPerEmail'>,
  answerMs = passwordResetAnswerMs,
): Promise<void> {
  const answerAt = Date.now() + answerMs;
  try {
    const wait = Math.max(
      await consumeRateLimit(
        db,
        `password-reset:address:${input.ip ?? 'unknown'}`,
        limits.passwordResetsPerAddress,
      ),
      await consumeRateLimit(db, `password-reset:email:${input.email}`, limits.passwordResetsPerEmail),
    );
    if (wait > 0) throw tooManyAttempts(wait);
    await db.transaction(async (tx) => {
      const [account] = await tx
        .select({
          userId: users.id,
          name: users.name,
          email: users.email,
          organizationId: memberships.organizationId,
        })
        .from(users)
        .innerJoin(memberships, eq(memberships.userId, users.id))
        .where(eq(users.email, input.email))
        .orderBy(asc(memberships.createdAt))
        .limit(1);
      if (!account) return;
      await queueMail(tx, {
        organizationId: account.organizationId,
        contractId: null,
        kind: 'password_reset',
        to: { name: account.name, email: account.email },
        params: { userId: account.userId },
      });
    });
  } finally {
    const left = answerAt - Date.now();
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
}
