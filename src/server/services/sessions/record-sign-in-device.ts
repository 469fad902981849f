import { createHash, randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { knownDevices, users } from '../../db/schema';
import { queueMail } from '../../mail/queue-mail';
import { summarizeUserAgent } from '../../presenters/user-agent';

const hashDevice = (token: string) => createHash('sha256').update(`device:${token}`).digest('hex');
const wellFormed = (token: string | undefined): token is string =>
  token !== undefined && /^[A-Za-z0-9_-]{43}$/.test(token);

/**
 * Remembers the browser a person just signed in from (a random cookie of its own, only its hash
 * kept) and, when this browser was never seen for them, mails them: a sign-in they did not make
 * is then noticed. A brand-new account's first browser is recorded without a mail. Answers the
 * cookie value the browser should keep.
 */
export async function recordSignInDevice(
  db: Database,
  input: {
    userId: string;
    organizationId: string;
    token: string | undefined;
    ip: string | null;
    userAgent: string | null;
    notify: boolean;
  },
  now = clock.now(),
): Promise<string> {
  const token = wellFormed(input.token) ? input.token : randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(knownDevices)
      .values({
        userId: input.userId,
        deviceHash: hashDevice(token),
        userAgent: input.userAgent?.slice(0, 500) ?? null,
        createdAt: now,
        lastSeenAt: now,
      })
      .onConflictDoUpdate({
        target: [knownDevices.userId, knownDevices.deviceHash],
        set: { lastSeenAt: now, userAgent: input.userAgent?.slice(0, 500) ?? null },
      })
      // xmax is 0 on a row this statement inserted, and set on one it updated.
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    if (!row?.inserted || !input.notify) return;
    const [user] = await tx
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, input.userId));
    if (!user) return;
    await queueMail(tx, {
      organizationId: input.organizationId,
      contractId: null,
      kind: 'new_sign_in',
      to: { name: user.name, email: user.email },
      params: {
        at: now.toISOString(),
        ip: input.ip ?? 'unknown',
        device: summarizeUserAgent(input.userAgent),
      },
    });
  });
  return token;
}
