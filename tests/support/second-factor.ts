import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { nowMs } from '../../src/server/clock';
import { sessions } from '../../src/server/db/schema';
import { hashSessionToken } from '../../src/server/services/sessions/session-token';
import { recentSignInMs } from '../../src/server/services/two-factor/require-recent-sign-in';
import { call, type TestAccount, type TestContext, testSecret } from './test-app';

/** A code as the person's authenticator app would show it at `at` (ms since the epoch). */
export function codeAt(secret: string, at: number): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: at,
  });
}

/**
 * Sets up an authenticator app for the account, confirmed with the code of the previous time
 * step, so that the current step is still unused and a sign-in right after can use it. Answers
 * the secret and the recovery codes.
 */
export async function enrollTotp(
  ctx: TestContext,
  account: TestAccount,
): Promise<{ secret: string; codes: string[] }> {
  const started = await call(ctx, account, { method: 'POST', url: '/api/profile/two-factor/totp' });
  expect(started.statusCode, started.body).toBe(200);
  const { secret, uri, qrCode } = started.json();
  expect(uri).toMatch(/^otpauth:\/\/totp\/Pactum:/);
  expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
  const confirmed = await call(ctx, account, {
    method: 'POST',
    url: '/api/profile/two-factor/totp/confirm',
    json: { code: codeAt(secret, nowMs() - 30_000) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, codes: confirmed.json().codes };
}

/**
 * The account's session as if it had been signed in to `ago` ms back: by default a minute longer
 * ago than a recent sign-in allows, so what needs one is refused.
 */
export async function ageSession(
  ctx: TestContext,
  account: TestAccount,
  ago = recentSignInMs + 60_000,
): Promise<void> {
  const token = account.cookie.split('=')[1] ?? '';
  await ctx.database.db
    .update(sessions)
    .set({ createdAt: new Date(nowMs() - ago) })
    .where(eq(sessions.tokenHash, hashSessionToken(testSecret, token)));
}
