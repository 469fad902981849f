import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished } from 'vitest';
import { advanceClock, nowMs, resetClock } from '../../src/server/clock';
import { mailMessages, memberships, sessions, users } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/services/accounts/passwords';
import { openPendingSecondFactor } from '../../src/server/services/two-factor/pending-second-factor-cookie';
import { secondFactorLimits } from '../../src/server/services/two-factor/two-factor-limits';
import { withMail } from '../support/background';
import { CookieBrowser } from '../support/cookie-browser';
import { ageSession, codeAt, enrollTotp } from '../support/second-factor';
import { buildAccount, buildMember, call, type TestAccount, testApp, testSecret } from '../support/test-app';
import { holdClockInWindow } from '../support/test-clock';

let addressCounter = 0;

const ctx = await testApp();
const { peer, background } = await withMail(ctx);

/** A browser of its own, from an address of its own (so per-address limits stay out of the way). */
function newBrowser(): CookieBrowser {
  addressCounter += 1;
  return new CookieBrowser(ctx, `198.51.100.${addressCounter}`);
}

/** A person whose one organization is the admin's, as a member. */
async function memberOnlyOf(admin: TestAccount): Promise<TestAccount> {
  const email = `member-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'member passphrase here';
  const now = new Date();
  const [user] = await ctx.database.db
    .insert(users)
    .values({
      name: 'Mia Member',
      email,
      passwordHash: await hashPassword(password),
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id });
  if (!user) throw new Error('no user');
  await ctx.database.db
    .insert(memberships)
    .values({ organizationId: admin.organizationId, userId: user.id, role: 'member', createdAt: now });
  return { userId: user.id, organizationId: admin.organizationId, email, password, cookie: '' };
}

async function passwordSignIn(browser: CookieBrowser, account: TestAccount) {
  return browser.post('/api/auth/sign-in', { email: account.email, password: account.password });
}

async function sessionOf(browser: CookieBrowser) {
  const token = browser.jar.get('pactum_session');
  if (!token) return null;
  const rows = await ctx.database.db.select().from(sessions).where(eq(sessions.userId, sessions.userId));
  const { hashSessionToken } = await import('../../src/server/services/sessions/session-token');
  return rows.find((row) => row.tokenHash === hashSessionToken(testSecret, token)) ?? null;
}

describe('setting up an authenticator app', () => {
  it('keeps the secret encrypted and off until a right code, then gives ten recovery codes once', async () => {
    const account = await buildAccount(ctx);
    const started = await call(ctx, account, { method: 'POST', url: '/api/profile/two-factor/totp' });
    const { secret } = started.json();
    const [stored] = await ctx.database.db
      .select({ secret: users.totpSecret, enabledAt: users.totpEnabledAt })
      .from(users)
      .where(eq(users.id, account.userId));
    expect(stored?.secret).toMatch(/^v1\./);
    expect(stored?.secret).not.toContain(secret);
    expect(stored?.enabledAt).toBeNull();

    // Not in force yet: the password alone still signs in.
    const browser = newBrowser();
    expect((await passwordSignIn(browser, account)).statusCode).toBe(200);

    const wrong = await call(ctx, account, {
      method: 'POST',
      url: '/api/profile/two-factor/totp/confirm',
      json: { code: codeAt(secret, nowMs() - 5 * 60_000) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.field).toBe('code');

    const right = await call(ctx, account, {
      method: 'POST',
      url: '/api/profile/two-factor/totp/confirm',
      json: { code: codeAt(secret, nowMs()) },
    });
    expect(right.statusCode).toBe(200);
    const { codes } = right.json();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const status = await call(ctx, account, { method: 'GET', url: '/api/profile/two-factor' });
    expect(status.json()).toMatchObject({ totp: { enabled: true }, recoveryCodesLeft: 10, passkeys: [] });
    // The codes are not kept: no answer ever shows them again.
    expect(JSON.stringify(status.json())).not.toContain(codes[0]);
  });
});

describe('signing in with a password and a code', () => {
  it('answers 202 without a session, then signs in with the code and records both factors', async () => {
    const account = await buildAccount(ctx);
    const { secret } = await enrollTotp(ctx, account);
    const browser = newBrowser();
    const first = await passwordSignIn(browser, account);
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ secondFactor: { methods: ['totp', 'recovery-code'] } });
    expect(first.cookies.find((c) => c.name === 'pactum_session')).toBeUndefined();
    const pending = first.cookies.find((c) => c.name === 'pactum_2fa');
    expect(pending).toMatchObject({ httpOnly: true, path: '/api/auth', maxAge: 600 });
    expect(openPendingSecondFactor(testSecret, pending?.value)?.userId).toBe(account.userId);
    expect((await browser.get('/api/auth/me')).statusCode).toBe(401);
    expect((await browser.get('/api/auth/two-factor')).json()).toEqual({
      methods: ['totp', 'recovery-code'],
    });

    const second = await browser.post('/api/auth/two-factor', { code: codeAt(secret, nowMs()) });
    expect(second.statusCode).toBe(200);
    expect(second.json().user.id).toBe(account.userId);
    expect((await browser.get('/api/auth/me')).statusCode).toBe(200);
    expect((await sessionOf(browser))?.authMethods).toEqual(['password', 'totp']);
    expect(browser.jar.has('pactum_2fa')).toBe(false);
  });

  it('never accepts the same code (or an older one) twice, and accepts the next step', async () => {
    const account = await buildAccount(ctx);
    const { secret } = await enrollTotp(ctx, account);
    const now = nowMs();
    const signInWith = async (code: string) => {
      const browser = newBrowser();
      expect((await passwordSignIn(browser, account)).statusCode).toBe(202);
      return browser.post('/api/auth/two-factor', { code });
    };
    expect((await signInWith(codeAt(secret, now))).statusCode).toBe(200);
    const replay = await signInWith(codeAt(secret, now));
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('SECOND_FACTOR_INVALID');
    // One step ahead (a phone's clock a little fast) is accepted…
    expect((await signInWith(codeAt(secret, now + 30_000))).statusCode).toBe(200);
    // …after which the step before can no longer be used, and two steps ahead never could.
    expect((await signInWith(codeAt(secret, now))).statusCode).toBe(401);
    expect((await signInWith(codeAt(secret, now + 120_000))).statusCode).toBe(401);
  });

  it('refuses a forged or missing pending sign-in', async () => {
    const browser = newBrowser();
    const none = await browser.post('/api/auth/two-factor', { code: '123456' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('SECOND_FACTOR_EXPIRED');
    browser.jar.set('pactum_2fa', 'eyJ1c2VySWQiOiJ4In0.forged');
    expect((await browser.post('/api/auth/two-factor', { code: '123456' })).statusCode).toBe(401);
  });

  it('stops after ten wrong codes for the account, even with the right one', async () => {
    const account = await buildAccount(ctx);
    const { secret } = await enrollTotp(ctx, account);
    // Held in one of the account's windows, so the eleven tries are all counted in it.
    holdClockInWindow(secondFactorLimits.perAccount.windowMs);
    onTestFinished(resetClock);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt += 1) {
      // A new browser and address each time: the limit is the account's.
      const browser = newBrowser();
      await passwordSignIn(browser, account);
      const wrong = String((Number(codeAt(secret, nowMs())) + 1 + attempt) % 1_000_000).padStart(6, '0');
      statuses.push((await browser.post('/api/auth/two-factor', { code: wrong })).statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    const browser = newBrowser();
    await passwordSignIn(browser, account);
    const right = await browser.post('/api/auth/two-factor', { code: codeAt(secret, nowMs()) });
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBeDefined();
  });

  it('refuses app codes after 30 wrong ones in a day until a recovery code, and mails the owner once', async () => {
    const account = await buildAccount(ctx);
    const { secret, codes } = await enrollTotp(ctx, account);
    const wrongCodesMails = () =>
      ctx.database.db
        .select({ params: mailMessages.params })
        .from(mailMessages)
        .where(and(eq(mailMessages.toEmail, account.email), eq(mailMessages.kind, 'security_change')))
        .then((rows) => rows.filter((row) => row.params.change === 'wrong-codes'));
    /** The account's 15-minute window passing: what a guesser with the password waits for. */
    const nextQuarterHour = () => advanceClock(secondFactorLimits.perAccount.windowMs);
    // Four quarter hours are passed below: held where they all fall in one UTC day.
    holdClockInWindow(24 * 60 * 60_000, 4 * secondFactorLimits.perAccount.windowMs + 60_000);
    onTestFinished(resetClock);
    const tryCode = async (code: string) => {
      const browser = newBrowser();
      expect((await passwordSignIn(browser, account)).statusCode).toBe(202);
      return browser.post('/api/auth/two-factor', { code });
    };
    const wrongCode = (attempt: number) =>
      String((Number(codeAt(secret, nowMs())) + 7 + attempt) % 1_000_000).padStart(6, '0');

    const statuses: number[] = [];
    for (let burst = 0; burst < 3; burst += 1) {
      nextQuarterHour();
      for (let attempt = 0; attempt < 10; attempt += 1) {
        statuses.push((await tryCode(wrongCode(burst * 10 + attempt))).statusCode);
      }
      // The owner hears of the first burst, and only once whatever follows.
      expect(await wrongCodesMails()).toHaveLength(1);
    }
    expect(statuses).toEqual(Array(30).fill(401));

    nextQuarterHour();
    const locked = await tryCode(codeAt(secret, nowMs()));
    expect(locked.statusCode).toBe(403);
    expect(locked.json().error.code).toBe('AUTHENTICATOR_LOCKED');
    expect(locked.json().error.message).toMatch(/recovery code/);
    expect(locked.json().error.message).toMatch(/resetting your password/);

    // A recovery code still signs in, and turns app codes back on.
    const browser = newBrowser();
    await passwordSignIn(browser, account);
    expect((await browser.post('/api/auth/two-factor', { recoveryCode: codes[0] })).statusCode).toBe(200);
    expect((await tryCode(codeAt(secret, nowMs()))).statusCode).toBe(200);

    const [mail] = await wrongCodesMails();
    const { composeMail } = await import('../../src/server/mail/compose-mail');
    const composed = composeMail({
      kind: 'security_change',
      organizationName: 'Org',
      contractTitle: '',
      senderName: '',
      recipientName: 'Owner',
      link: 'https://pactum.example.com/profile',
      securityChange: { change: mail?.params.change ?? '', detail: '', at: new Date(), ip: '198.51.100.1' },
    });
    expect(composed.subject).toBe('Wrong two-factor codes were entered for your Pactum account');
  });
});

describe('recovery codes', () => {
  it('each works once, the count goes down, and regenerating retires the old ones', async () => {
    const account = await buildAccount(ctx);
    const { codes } = await enrollTotp(ctx, account);
    const withRecovery = async (recoveryCode: string) => {
      const browser = newBrowser();
      expect((await passwordSignIn(browser, account)).statusCode).toBe(202);
      const response = await browser.post('/api/auth/two-factor', { recoveryCode });
      return { response, browser };
    };
    const used = await withRecovery(` ${codes[0]?.toUpperCase()} `);
    expect(used.response.statusCode).toBe(200);
    expect((await sessionOf(used.browser))?.authMethods).toEqual(['password', 'recovery-code']);
    expect((await withRecovery(codes[0] ?? '')).response.statusCode).toBe(401);
    expect((await withRecovery('aaaaa-bbbbb')).response.statusCode).toBe(401);
    const status = await call(ctx, account, { method: 'GET', url: '/api/profile/two-factor' });
    expect(status.json().recoveryCodesLeft).toBe(9);

    const regenerated = await call(ctx, account, {
      method: 'POST',
      url: '/api/profile/two-factor/recovery-codes',
    });
    expect(regenerated.statusCode).toBe(200);
    expect(regenerated.json().codes).toHaveLength(10);
    expect((await withRecovery(codes[1] ?? '')).response.statusCode).toBe(401);
    expect((await withRecovery(regenerated.json().codes[0])).response.statusCode).toBe(200);
  });

  it('cannot be made without a second factor', async () => {
    const account = await buildAccount(ctx);
    const response = await call(ctx, account, {
      method: 'POST',
      url: '/api/profile/two-factor/recovery-codes',
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('turning the app off', () => {
  it('needs the current password or a code, then the password alone signs in again', async () => {
    const account = await buildAccount(ctx);
    const { secret } = await enrollTotp(ctx, account);
    const disable = (json: unknown) =>
      call(ctx, account, { method: 'POST', url: '/api/profile/two-factor/totp/disable', json });
    expect((await disable({})).statusCode).toBe(400);
    const wrong = await disable({ currentPassword: 'not the password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.field).toBe('currentPassword');
    expect((await disable({ code: codeAt(secret, nowMs() - 5 * 60_000) })).statusCode).toBe(400);
    expect((await disable({ code: codeAt(secret, nowMs()) })).statusCode).toBe(204);
    const status = await call(ctx, account, { method: 'GET', url: '/api/profile/two-factor' });
    expect(status.json()).toMatchObject({ totp: { enabled: false }, recoveryCodesLeft: 0 });
    expect((await passwordSignIn(newBrowser(), account)).statusCode).toBe(200);

    const again = await buildAccount(ctx);
    await enrollTotp(ctx, again);
    const byPassword = await call(ctx, again, {
      method: 'POST',
      url: '/api/profile/two-factor/totp/disable',
      json: { currentPassword: again.password },
    });
    expect(byPassword.statusCode).toBe(204);
  });
});

describe('resetting a password', () => {
  it('changes nothing until the second factor is given: then sets the password and ends the sessions', async () => {
    const account = await buildAccount(ctx);
    const { secret, codes } = await enrollTotp(ctx, account);
    const { createPasswordReset } = await import('../../src/server/services/accounts/password-reset-token');
    const reset = await createPasswordReset(ctx.database.db, account.userId);
    // The owner is signed in elsewhere; whoever has the mailbox opens the link.
    const owner = newBrowser();
    expect((await passwordSignIn(owner, account)).statusCode).toBe(202);
    expect((await owner.post('/api/auth/two-factor', { recoveryCode: codes[0] })).statusCode).toBe(200);
    const browser = newBrowser();
    const confirmed = await browser.post('/api/auth/password-reset/confirm', {
      token: reset.token,
      password: 'a brand new passphrase',
    });
    expect(confirmed.statusCode).toBe(202);
    expect(confirmed.json()).toEqual({ secondFactor: { methods: ['totp', 'recovery-code'] } });
    expect(browser.jar.has('pactum_session')).toBe(false);
    // The pending cookie carries the new password's hash encrypted, not merely signed.
    const cookie = Buffer.from(browser.jar.get('pactum_2fa')?.split('.')[0] ?? '', 'base64url').toString();
    expect(cookie).not.toContain('$argon2');

    // Nothing changed yet: the sessions still work, the old password still passes, the new does not.
    expect((await call(ctx, account, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    expect((await owner.get('/api/auth/me')).statusCode).toBe(200);
    expect((await passwordSignIn(newBrowser(), account)).statusCode).toBe(202);
    expect(
      (await passwordSignIn(newBrowser(), { ...account, password: 'a brand new passphrase' })).statusCode,
    ).toBe(401);
    // A wrong code changes nothing either.
    const wrong = String((Number(codeAt(secret, nowMs())) + 5) % 1_000_000).padStart(6, '0');
    expect((await browser.post('/api/auth/two-factor', { code: wrong })).statusCode).toBe(401);
    expect((await owner.get('/api/auth/me')).statusCode).toBe(200);

    const done = await browser.post('/api/auth/two-factor', { code: codeAt(secret, nowMs()) });
    expect(done.statusCode).toBe(200);
    expect((await sessionOf(browser))?.authMethods).toEqual(['password-reset', 'totp']);
    // Now the reset is done: every other session ended, the new password in force, the link spent.
    expect((await call(ctx, account, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    expect((await owner.get('/api/auth/me')).statusCode).toBe(401);
    expect((await browser.get('/api/auth/me')).statusCode).toBe(200);
    expect((await passwordSignIn(newBrowser(), account)).statusCode).toBe(401);
    expect(
      (await passwordSignIn(newBrowser(), { ...account, password: 'a brand new passphrase' })).statusCode,
    ).toBe(202);
    const again = await newBrowser().post('/api/auth/password-reset/confirm', {
      token: reset.token,
      password: 'another new passphrase',
    });
    expect(again.statusCode).toBe(410);
  });

  it('applies once however many pending resets a link began', async () => {
    const account = await buildAccount(ctx);
    const { codes } = await enrollTotp(ctx, account);
    const { createPasswordReset } = await import('../../src/server/services/accounts/password-reset-token');
    const reset = await createPasswordReset(ctx.database.db, account.userId);
    const first = newBrowser();
    const second = newBrowser();
    for (const [browser, password] of [
      [first, 'first new passphrase'],
      [second, 'second new passphrase'],
    ] as const) {
      const begun = await browser.post('/api/auth/password-reset/confirm', { token: reset.token, password });
      expect(begun.statusCode).toBe(202);
    }
    expect((await first.post('/api/auth/two-factor', { recoveryCode: codes[0] })).statusCode).toBe(200);
    const late = await second.post('/api/auth/two-factor', { recoveryCode: codes[1] });
    expect(late.statusCode).toBe(401);
    expect(late.json().error.code).toBe('SECOND_FACTOR_EXPIRED');
    expect(
      (await passwordSignIn(newBrowser(), { ...account, password: 'first new passphrase' })).statusCode,
    ).toBe(202);
    expect(
      (await passwordSignIn(newBrowser(), { ...account, password: 'second new passphrase' })).statusCode,
    ).toBe(401);
  });
});

describe('a pending sign-in', () => {
  it('completes one sign-in only, however many copies of its cookie there are', async () => {
    const account = await buildAccount(ctx);
    const { codes } = await enrollTotp(ctx, account);
    const browser = newBrowser();
    expect((await passwordSignIn(browser, account)).statusCode).toBe(202);
    const copy = newBrowser();
    copy.jar.set('pactum_2fa', browser.jar.get('pactum_2fa') ?? '');

    // A wrong factor leaves the sign-in open; the right one then completes it.
    const wrong = await browser.post('/api/auth/two-factor', { recoveryCode: 'aaaaa-bbbbb' });
    expect(wrong.json().error.code).toBe('SECOND_FACTOR_INVALID');
    expect((await browser.post('/api/auth/two-factor', { recoveryCode: codes[0] })).statusCode).toBe(200);

    // The copy, with a second factor of its own, is refused before that factor is even tried.
    const again = await copy.post('/api/auth/two-factor', { recoveryCode: codes[1] });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('SECOND_FACTOR_EXPIRED');
    expect(copy.jar.has('pactum_session')).toBe(false);
    const fresh = newBrowser();
    expect((await passwordSignIn(fresh, account)).statusCode).toBe(202);
    expect((await fresh.post('/api/auth/two-factor', { recoveryCode: codes[1] })).statusCode).toBe(200);
  });

  it('dies when the password is reset, or every other session is ended, after it began', async () => {
    const account = await buildAccount(ctx);
    const { codes } = await enrollTotp(ctx, account);
    const before = newBrowser();
    expect((await passwordSignIn(before, account)).statusCode).toBe(202);

    const { createPasswordReset } = await import('../../src/server/services/accounts/password-reset-token');
    const reset = await createPasswordReset(ctx.database.db, account.userId);
    const owner = newBrowser();
    const confirmed = await owner.post('/api/auth/password-reset/confirm', {
      token: reset.token,
      password: 'a brand new passphrase',
    });
    expect(confirmed.statusCode).toBe(202);
    // The reset is applied once its own second factor passes…
    expect((await owner.post('/api/auth/two-factor', { recoveryCode: codes[0] })).statusCode).toBe(200);

    // …and the sign-in that was waiting before it is over.
    expect((await before.get('/api/auth/two-factor')).statusCode).toBe(401);
    const late = await before.post('/api/auth/two-factor', { recoveryCode: codes[2] });
    expect(late.statusCode).toBe(401);
    expect(late.json().error.code).toBe('SECOND_FACTOR_EXPIRED');

    // Signing out everywhere else ends a sign-in waiting for its second factor too.
    const waiting = newBrowser();
    const renewed = { ...account, password: 'a brand new passphrase' };
    expect((await passwordSignIn(waiting, renewed)).statusCode).toBe(202);
    expect(
      (await owner.call({ method: 'DELETE', url: '/api/profile/sessions?others=true' })).statusCode,
    ).toBe(204);
    const ended = await waiting.post('/api/auth/two-factor', { recoveryCode: codes[1] });
    expect(ended.json().error.code).toBe('SECOND_FACTOR_EXPIRED');
  });
});

describe('an organization that requires two-factor sign-in', () => {
  it('can be turned on only by an admin who has a second factor', async () => {
    const admin = await buildAccount(ctx);
    const put = (account: TestAccount, required: boolean) =>
      call(ctx, account, { method: 'PUT', url: '/api/settings/two-factor', json: { required } });
    const without = await put(admin, true);
    expect(without.statusCode).toBe(400);
    expect(without.json().error.field).toBe('required');
    await enrollTotp(ctx, admin);
    const member = await buildMember(ctx, admin);
    expect((await put(member, true)).statusCode).toBe(403);
    expect((await put(admin, true)).json()).toEqual({ required: true });
    expect((await call(ctx, admin, { method: 'GET', url: '/api/settings/two-factor' })).json()).toEqual({
      required: true,
    });
  });

  it('keeps a member without one to setting it up until they have', async () => {
    const admin = await buildAccount(ctx);
    await enrollTotp(ctx, admin);
    const member = await memberOnlyOf(admin);
    await call(ctx, admin, { method: 'PUT', url: '/api/settings/two-factor', json: { required: true } });

    // The member signs in with the password (they have nothing else yet) and gets a restricted session.
    const browser = newBrowser();
    const signedIn = await passwordSignIn(browser, member);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.twoFactorSetupRequired).toBe(true);
    for (const url of [
      '/api/contracts',
      '/api/dashboard',
      '/api/profile',
      '/api/profile/sessions',
      '/api/team',
    ]) {
      const response = await browser.get(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.code, url).toBe('TWO_FACTOR_SETUP_REQUIRED');
    }
    expect((await browser.post('/api/contracts', { title: 'x' })).json().error.code).toBe(
      'TWO_FACTOR_SETUP_REQUIRED',
    );
    expect((await browser.get('/api/auth/me')).json().user.twoFactorSetupRequired).toBe(true);
    expect((await browser.get('/api/profile/two-factor')).json()).toMatchObject({
      requiredByOrganization: true,
    });

    const { secret } = (await browser.post('/api/profile/two-factor/totp')).json();
    const confirmed = await browser.post('/api/profile/two-factor/totp/confirm', {
      code: codeAt(secret, nowMs()),
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await browser.get('/api/contracts')).statusCode).toBe(200);
    expect((await browser.get('/api/auth/me')).json().user.twoFactorSetupRequired).toBe(false);
    // The admin (who has one) was never restricted; the sign-out stays open to everyone.
    expect((await call(ctx, admin, { method: 'GET', url: '/api/contracts' })).statusCode).toBe(200);
    expect((await browser.post('/api/auth/sign-out')).statusCode).toBe(204);
  });
});

describe('sessions', () => {
  it('show the device, how they signed in and the last activity, noted at most once a minute', async () => {
    const account = await buildAccount(ctx);
    const browser = newBrowser();
    expect((await passwordSignIn(browser, account)).statusCode).toBe(200);
    const other = new CookieBrowser(
      ctx,
      '203.0.113.77',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    );
    expect((await passwordSignIn(other, account)).statusCode).toBe(200);
    const list = (await browser.get('/api/profile/sessions')).json().items;
    const iphone = list.find((item: { device: string }) => item.device === 'Safari on iOS');
    expect(list[0]).toMatchObject({ current: true, device: 'Chrome on Linux', authMethods: ['password'] });
    expect(iphone).toMatchObject({ current: false, ip: '203.0.113.77' });

    const otherSession = await sessionOf(other);
    const twoMinutesAgo = new Date(Date.now() - 120_000);
    await ctx.database.db
      .update(sessions)
      .set({ lastSeenAt: twoMinutesAgo })
      .where(eq(sessions.id, otherSession?.id ?? ''));
    await other.get('/api/contracts');
    const touched = await sessionOf(other);
    expect(touched?.lastSeenAt?.getTime()).toBeGreaterThan(Date.now() - 5_000);
    // Within the minute, requests write nothing.
    const thirtySecondsAgo = new Date(Date.now() - 30_000);
    await ctx.database.db
      .update(sessions)
      .set({ lastSeenAt: thirtySecondsAgo })
      .where(eq(sessions.id, otherSession?.id ?? ''));
    await other.get('/api/contracts');
    expect((await sessionOf(other))?.lastSeenAt?.getTime()).toBe(thirtySecondsAgo.getTime());
    const seen = (await browser.get('/api/profile/sessions')).json().items;
    expect(seen.find((item: { id: string }) => item.id === otherSession?.id).lastSeenAt).toBe(
      thirtySecondsAgo.toISOString(),
    );
  });

  it('mail the owner when a browser never seen signs in, and not again from it', async () => {
    const account = await buildAccount(ctx);
    const browser = newBrowser();
    const newSignInMails = () =>
      ctx.database.db
        .select()
        .from(mailMessages)
        .where(and(eq(mailMessages.toEmail, account.email), eq(mailMessages.kind, 'new_sign_in')));
    expect((await passwordSignIn(browser, account)).statusCode).toBe(200);
    const device = browser.jar.get('pactum_device');
    expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await newSignInMails()).toHaveLength(1);
    await browser.post('/api/auth/sign-out');
    expect((await passwordSignIn(browser, account)).statusCode).toBe(200);
    expect(await newSignInMails()).toHaveLength(1);
    expect(browser.jar.get('pactum_device')).toBe(device);

    await background.drain();
    const [mail] = peer.to(account.email);
    expect(mail?.subject).toBe('New sign-in to your Pactum account');
    expect(mail?.text).toContain('Chrome on Linux');
    expect(mail?.text).toContain(browser.remoteAddress);
    expect(mail?.text).toContain('http://localhost:3000/profile#profile-sessions');
    expect(mail?.text).not.toContain(device);

    // A second browser is new again.
    expect((await passwordSignIn(newBrowser(), account)).statusCode).toBe(200);
    expect(await newSignInMails()).toHaveLength(2);
  });

  it('are not mailed about for the browser an account was made in', async () => {
    const browser = newBrowser();
    const email = `fresh-${Date.now()}@example.com`;
    const person = { name: 'Fresh Person', email, password: 'a long enough passphrase' };
    const asked = await browser.post('/api/auth/sign-up', { ...person, organizationName: 'Fresh & Co' });
    expect(asked.statusCode).toBe(202);
    await background.drain();
    const token = /\/confirm-email\/([A-Za-z0-9_-]{43})/.exec(peer.to(email).at(-1)?.text ?? '')?.[1];
    const confirmed = await browser.post('/api/auth/sign-up/confirm', { token });
    expect(confirmed.statusCode).toBe(200);
    expect(browser.jar.get('pactum_device')).toBeDefined();
    const newSignInMails = () =>
      ctx.database.db
        .select()
        .from(mailMessages)
        .where(and(eq(mailMessages.toEmail, email), eq(mailMessages.kind, 'new_sign_in')));
    // Signing in again from the browser the account was made in is no news…
    await browser.post('/api/auth/sign-out');
    expect(
      (await passwordSignIn(browser, { ...person, userId: '', organizationId: '', cookie: '' })).statusCode,
    ).toBe(200);
    expect(await newSignInMails()).toHaveLength(0);
    // …another browser is.
    expect(
      (await passwordSignIn(newBrowser(), { ...person, userId: '', organizationId: '', cookie: '' }))
        .statusCode,
    ).toBe(200);
    expect(await newSignInMails()).toHaveLength(1);
  });
});

describe('changing how an account signs in', () => {
  it('needs a sign-in from the last 15 minutes, so a session left open is not enough', async () => {
    const account = await buildAccount(ctx);
    await ageSession(ctx, account, 16 * 60_000);
    for (const url of [
      '/api/profile/two-factor/totp',
      '/api/profile/passkeys/options',
      '/api/profile/two-factor/recovery-codes',
    ]) {
      const response = await call(ctx, account, { method: 'POST', url });
      expect(response.statusCode, url).toBe(403);
      expect(response.json().error.code, url).toBe('RECENT_SIGN_IN_REQUIRED');
    }
    // Reading what is set up, and signing in again, stay open.
    expect((await call(ctx, account, { method: 'GET', url: '/api/profile/two-factor' })).statusCode).toBe(
      200,
    );
    const browser = newBrowser();
    expect((await passwordSignIn(browser, account)).statusCode).toBe(200);
    expect((await browser.post('/api/profile/two-factor/totp')).statusCode).toBe(200);
  });

  it('is mailed to the owner each time', async () => {
    const account = await buildAccount(ctx);
    const { secret } = await enrollTotp(ctx, account);
    await call(ctx, account, { method: 'POST', url: '/api/profile/two-factor/recovery-codes' });
    await call(ctx, account, {
      method: 'POST',
      url: '/api/profile/two-factor/totp/disable',
      json: { code: codeAt(secret, nowMs()) },
    });
    const notices = await ctx.database.db
      .select({ params: mailMessages.params })
      .from(mailMessages)
      .where(and(eq(mailMessages.toEmail, account.email), eq(mailMessages.kind, 'security_change')));
    expect(notices.map((notice) => notice.params.change)).toEqual(['totp-on', 'recovery-codes', 'totp-off']);
    await background.drain();
    const mails = peer
      .to(account.email)
      .filter((mail) => mail.subject === 'Two-factor sign-in changed on your Pactum account');
    expect(mails).toHaveLength(3);
    // Queued within the same millisecond, the three may be delivered in any order.
    const texts = mails.map((mail) => mail.text).join('\n');
    expect(texts).toContain('An authenticator app was set up');
    expect(texts).toContain('The authenticator app was turned off');
  });
});
