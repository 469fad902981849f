import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { advanceClock, resetClock } from '../../src/server/clock';
import { mailMessages, memberships, passwordResets, users } from '../../src/server/db/schema';
import { hashPasswordResetToken } from '../../src/server/services/accounts/password-reset-token';
import { hashPassword } from '../../src/server/services/accounts/passwords';
import { passwordResetRequestedMessage } from '../../src/server/services/accounts/request-password-reset';
import { defaultAccountLimits } from '../../src/server/services/accounts/sign-in';
import { withMail } from '../support/background';
import { buildAccount, call, sessionCookieOf, type TestAccount, testApp } from '../support/test-app';
import { holdClockInWindow } from '../support/test-clock';
import { fastestTimes } from '../support/timing';

let address = 0;
const hourMs = 60 * 60_000;

const ctx = await testApp({
  accountLimits: {
    ...defaultAccountLimits,
    passwordResetsPerAddress: { limit: 6, windowMs: hourMs },
    passwordResetsPerEmail: { limit: 3, windowMs: hourMs },
  },
});
const { peer, background } = await withMail(ctx);

/** A client address of its own for each request, unless one is given. */
function freshAddress(): string {
  address += 1;
  return `198.51.100.${address}`;
}

const requestReset = (email: string, remoteAddress = freshAddress()) =>
  call(ctx, null, { method: 'POST', url: '/api/auth/password-reset', json: { email }, remoteAddress });

const confirm = (
  token: string,
  password: string,
  account: TestAccount | null = null,
  options: { revokeApiTokens?: boolean } = {},
) =>
  call(ctx, account, {
    method: 'POST',
    url: '/api/auth/password-reset/confirm',
    json: { token, password, ...options },
    remoteAddress: freshAddress(),
  });

const check = (token: string) =>
  call(ctx, null, { method: 'POST', url: '/api/auth/password-reset/check', json: { token } });

const signIn = (email: string, password: string) =>
  call(ctx, null, {
    method: 'POST',
    url: '/api/auth/sign-in',
    json: { email, password },
    remoteAddress: freshAddress(),
  });

function resetTokenIn(text: string | undefined): string {
  const match = /\/reset-password\/([A-Za-z0-9_-]{43})\b/.exec(text ?? '');
  if (!match?.[1]) throw new Error(`No reset link in: ${text}`);
  return match[1];
}

/** Asks for a reset link, delivers the mail and returns the token in it. */
async function linkFor(account: TestAccount): Promise<string> {
  // Only the reset mails: a sign-in from a new browser before it is mailed about too.
  const resetMails = () =>
    peer.to(account.email).filter((mail) => mail.subject === 'Reset your Pactum password');
  const before = resetMails().length;
  expect((await requestReset(account.email)).statusCode).toBe(202);
  await background.drain();
  const mails = resetMails();
  expect(mails).toHaveLength(before + 1);
  return resetTokenIn(mails.at(-1)?.text);
}

describe('asking for a reset link', () => {
  it('answers a known and an unknown e-mail the same way, after the same time, and mails only the known one', async () => {
    const account = await buildAccount(ctx);
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await requestReset(email);
      return { response, ms: performance.now() - started };
    };
    const known = await timed(account.email.toUpperCase());
    const unknown = await timed('nobody-here@example.com');
    for (const { response } of [known, unknown]) {
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual({ message: passwordResetRequestedMessage });
      expect(sessionCookieOf(response)).toBeUndefined();
    }
    expect(passwordResetRequestedMessage).toBe(
      'If an account exists for that e-mail, we sent a link to reset the password. It works for one hour.',
    );
    // Both wait for the same floor (300 ms), far above the work a known e-mail adds.
    expect(known.ms).toBeGreaterThanOrEqual(295);
    expect(unknown.ms).toBeGreaterThanOrEqual(295);
    // The fastest of three tries each (fresh accounts, alternating which goes first) match.
    const [knownMs, unknownMs] = await fastestTimes(3, async (round) => {
      const other = await buildAccount(ctx);
      return [() => requestReset(other.email), () => requestReset(`nobody-${round}@example.com`)];
    });
    expect(Math.abs(knownMs - unknownMs)).toBeLessThan(150);

    await background.drain();
    expect(peer.to('nobody-here@example.com')).toHaveLength(0);
    const unknownRows = await ctx.database.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.toEmail, 'nobody-here@example.com'));
    expect(unknownRows).toHaveLength(0);
    expect(peer.to(account.email)).toHaveLength(1);
  });

  it('e-mails a one-hour link made at delivery, storing only its SHA-256', async () => {
    const account = await buildAccount(ctx, { name: 'Rita Reset' });
    expect((await requestReset(account.email)).statusCode).toBe(202);
    const [queued] = await ctx.database.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.toEmail, account.email));
    expect(queued).toMatchObject({
      kind: 'password_reset',
      status: 'queued',
      organizationId: account.organizationId,
      contractId: null,
      params: { userId: account.userId },
    });
    // Nothing is made before the mail is composed.
    expect(
      await ctx.database.db.select().from(passwordResets).where(eq(passwordResets.userId, account.userId)),
    ).toHaveLength(0);

    await background.drain();
    const [mail] = peer.to(account.email);
    expect(mail?.subject).toBe('Reset your Pactum password');
    expect(mail?.text).toContain('Hello Rita Reset,');
    expect(mail?.text).toContain('Reset your password: http://localhost:3000/reset-password/');
    expect(mail?.text).toContain('works once, for one hour');
    expect(mail?.html).toContain('>Reset your password</a>');
    const token = resetTokenIn(mail?.text);

    const rows = await ctx.database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, account.userId));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row?.tokenHash).toBe(hashPasswordResetToken(token));
    expect(row?.tokenHash).not.toContain(token);
    expect((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)).toBe(60 * 60 * 1000);
    expect(row?.usedAt).toBeNull();
    const [sent] = await ctx.database.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.id, queued?.id ?? ''));
    expect(sent?.status).toBe('sent');
    expect(JSON.stringify(sent)).not.toContain(token);

    const checked = await check(token);
    expect(checked.statusCode).toBe(200);
    expect(checked.json().expiresAt).toBe(row?.expiresAt.toISOString());
  });

  it('throttles requests for one e-mail, whether or not it has an account', async () => {
    // Held in one window: the attempts must not straddle its edge.
    holdClockInWindow(hourMs);
    onTestFinished(resetClock);
    for (const email of ['throttled-unknown@example.com', (await buildAccount(ctx)).email]) {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) statuses.push((await requestReset(email)).statusCode);
      expect(statuses).toEqual([202, 202, 202, 429]);
    }
  });

  it('throttles requests from one address across e-mails', async () => {
    // Held in one window: the attempts must not straddle its edge.
    holdClockInWindow(hourMs);
    onTestFinished(resetClock);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const response = await requestReset(`spray-${attempt}@example.com`, '203.0.113.50');
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expect(response.json().error.code).toBe('RATE_LIMITED');
        expect(response.headers['retry-after']).toBeDefined();
      }
    }
    expect(statuses).toEqual([202, 202, 202, 202, 202, 202, 429]);
  });

  it('refuses a malformed e-mail, naming the field', async () => {
    const response = await requestReset('not-an-email');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'INVALID_INPUT', field: 'email' });
  });
});

describe('setting a new password', () => {
  it('works once: sets the password, signs out every other session and signs this browser in', async () => {
    const account = await buildAccount(ctx, { name: 'Otto Once' });
    const otherDevice = await signIn(account.email, account.password);
    const otherCookie = sessionCookieOf(otherDevice);
    expect(otherCookie).toBeDefined();
    const token = await linkFor(account);

    const response = await confirm(token, 'a brand new passphrase');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().user).toMatchObject({ id: account.userId, name: 'Otto Once', role: 'admin' });
    const cookie = sessionCookieOf(response);
    expect(cookie).toBeDefined();
    expect(response.cookies.find((c) => c.name === 'pactum_session')).toMatchObject({ httpOnly: true });

    const me = (headerCookie: string | undefined) =>
      ctx.app.inject({ url: '/api/auth/me', headers: headerCookie ? { cookie: headerCookie } : {} });
    expect((await me(cookie)).statusCode).toBe(200);
    expect((await me(account.cookie)).statusCode).toBe(401);
    expect((await me(otherCookie)).statusCode).toBe(401);

    expect((await signIn(account.email, account.password)).statusCode).toBe(401);
    expect((await signIn(account.email, 'a brand new passphrase')).statusCode).toBe(200);

    const again = await confirm(token, 'another new passphrase');
    expect(again.statusCode).toBe(410);
    expect(again.json()).toEqual({
      error: {
        code: 'RESET_LINK_INVALID',
        message: 'This password reset link has already been used. Request a new one.',
      },
    });
    expect(sessionCookieOf(again)).toBeUndefined();
    expect((await check(token)).statusCode).toBe(410);
    expect((await signIn(account.email, 'another new passphrase')).statusCode).toBe(401);
  });

  it('confirms the address of an account that never had it confirmed: the link went there', async () => {
    const account = await buildAccount(ctx);
    await ctx.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, account.userId));
    const response = await confirm(await linkFor(account), 'a confirmed new passphrase');
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await ctx.database.db
      .select({ emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, account.userId));
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
  });

  it('lets only one of two simultaneous uses of a link through', async () => {
    const account = await buildAccount(ctx);
    const token = await linkFor(account);
    const responses = await Promise.all([
      confirm(token, 'first simultaneous passphrase'),
      confirm(token, 'second simultaneous passphrase'),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 410]);
    // Exactly one of the two passwords was set.
    const signedIn = await Promise.all([
      signIn(account.email, 'first simultaneous passphrase'),
      signIn(account.email, 'second simultaneous passphrase'),
    ]);
    expect(signedIn.map((response) => response.statusCode).sort()).toEqual([200, 401]);
  });

  it('refuses an expired link, and says so', async () => {
    const account = await buildAccount(ctx);
    const token = await linkFor(account);
    // An hour later, not waited for: the clock is moved past the link's expiry.
    advanceClock(hourMs + 1000);
    onTestFinished(resetClock);
    for (const response of [await check(token), await confirm(token, 'too late passphrase')]) {
      expect(response.statusCode).toBe(410);
      expect(response.json().error).toEqual({
        code: 'RESET_LINK_INVALID',
        message: 'This password reset link has expired: it works for one hour. Request a new one.',
      });
    }
    expect((await signIn(account.email, account.password)).statusCode).toBe(200);
  });

  it('refuses an unknown link', async () => {
    for (const response of [
      await check('A'.repeat(43)),
      await confirm('A'.repeat(43), 'whatever passphrase'),
    ]) {
      expect(response.statusCode).toBe(410);
      expect(response.json().error).toEqual({
        code: 'RESET_LINK_INVALID',
        message: 'This password reset link is not valid. Request a new one.',
      });
    }
  });

  it('refuses a common or short password and keeps the link working', async () => {
    const account = await buildAccount(ctx);
    const token = await linkFor(account);
    const common = await confirm(token, 'Password123');
    expect(common.statusCode).toBe(400);
    expect(common.json().error).toMatchObject({ code: 'PASSWORD_TOO_COMMON', field: 'password' });
    expect(common.json().error.message).toContain('too common');
    const own = await confirm(token, account.email);
    expect(own.json().error).toMatchObject({ code: 'PASSWORD_TOO_COMMON', field: 'password' });
    const short = await confirm(token, 'short');
    expect(short.json().error).toMatchObject({ code: 'INVALID_INPUT', field: 'password' });
    expect((await confirm(token, 'x7!'.repeat(90))).json().error).toMatchObject({ field: 'password' });
    expect((await check(token)).statusCode).toBe(200);
    expect((await confirm(token, 'finally a good passphrase')).statusCode).toBe(200);
  });

  it('ends every other link of the account once one is used', async () => {
    const account = await buildAccount(ctx);
    const first = await linkFor(account);
    const second = await linkFor(account);
    expect(first).not.toBe(second);
    expect((await confirm(second, 'the second link wins')).statusCode).toBe(200);
    const stale = await confirm(first, 'the first link is stale');
    expect(stale.statusCode).toBe(410);
  });

  it('throttles link uses from one address', async () => {
    // Held in one window: the attempts must not straddle its edge.
    holdClockInWindow(hourMs);
    onTestFinished(resetClock);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const response = await call(ctx, null, {
        method: 'POST',
        url: '/api/auth/password-reset/confirm',
        json: { token: `${'B'.repeat(42)}${attempt}`, password: 'some good passphrase' },
        remoteAddress: '203.0.113.51',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([410, 410, 410, 410, 410, 410, 429]);
  });
});

describe('API tokens at a reset', () => {
  /** A read-write token made by the account, as an integration would hold it. */
  async function tokenOf(account: TestAccount): Promise<string> {
    const made = await call(ctx, account, {
      method: 'POST',
      url: '/api/api-tokens',
      json: { name: 'Integration', scope: 'read-write' },
    });
    expect(made.statusCode, made.body).toBe(201);
    return made.json().token;
  }
  const asToken = (token: string) =>
    ctx.app.inject({ url: '/api/contracts', headers: { authorization: `Bearer ${token}` } });
  async function resetMailOf(account: TestAccount): Promise<string> {
    await background.drain();
    const mail = peer.to(account.email).find((m) => m.subject === 'Your Pactum password was reset');
    expect(mail).toBeDefined();
    return mail?.text ?? '';
  }

  it('revokes the tokens the account made when asked, and says so', async () => {
    const account = await buildAccount(ctx);
    const token = await tokenOf(account);
    expect((await asToken(token)).statusCode).toBe(200);
    const link = await linkFor(account);
    expect((await check(link)).json()).toMatchObject({ apiTokens: 1 });

    expect((await confirm(link, 'a brand new passphrase', null, { revokeApiTokens: true })).statusCode).toBe(
      200,
    );
    expect((await asToken(token)).statusCode).toBe(401);
    expect(await resetMailOf(account)).toContain('The API token you had made was revoked');
  });

  it('leaves them working when not asked, and the mail says how many and where to revoke them', async () => {
    const account = await buildAccount(ctx);
    const tokens = [await tokenOf(account), await tokenOf(account)];
    const response = await confirm(await linkFor(account), 'a brand new passphrase');
    expect(response.statusCode).toBe(200);
    for (const token of tokens) expect((await asToken(token)).statusCode).toBe(200);
    const text = await resetMailOf(account);
    expect(text).toContain('The 2 API tokens you made are still active');
    expect(text).toContain('/settings/developers#api-tokens');
  });
});

describe('the outbox', () => {
  it('shows the body of a reset mail only to the account it is for', async () => {
    const admin = await buildAccount(ctx);
    const now = new Date();
    const [member] = await ctx.database.db
      .insert(users)
      .values({
        name: 'Mia Member',
        email: `mia-${Date.now()}@example.com`,
        passwordHash: await hashPassword('member passphrase'),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!member) throw new Error('no member');
    await ctx.database.db
      .insert(memberships)
      .values({ organizationId: admin.organizationId, userId: member.id, role: 'member', createdAt: now });
    expect((await requestReset(member.email)).statusCode).toBe(202);
    expect((await requestReset(admin.email)).statusCode).toBe(202);
    // As the local outbox keeps them when there is no SMTP server.
    await ctx.database.db
      .update(mailMessages)
      .set({ status: 'held', heldText: 'the composed text', heldHtml: '<p>the composed html</p>' })
      .where(eq(mailMessages.organizationId, admin.organizationId));
    const outbox = await call(ctx, admin, { method: 'GET', url: '/api/mail/outbox' });
    expect(outbox.statusCode).toBe(200);
    const items = outbox.json().items as { to: { email: string }; kind: string; text: string | null }[];
    const toMember = items.find((item) => item.to.email === member.email);
    const toAdmin = items.find((item) => item.to.email === admin.email);
    expect(toMember).toMatchObject({ kind: 'password_reset', text: null, html: null });
    expect(toAdmin).toMatchObject({ kind: 'password_reset', text: 'the composed text' });
  });
});
