import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { advanceClock, nowMs, resetClock } from '../../src/server/clock';
import { emailVerifications, users } from '../../src/server/db/schema';
import { runSweeps } from '../../src/server/jobs/background-work';
import { commonPasswordCount } from '../../src/server/services/accounts/common-passwords';
import { hashEmailVerificationToken } from '../../src/server/services/accounts/email-verification';
import { defaultAccountLimits } from '../../src/server/services/accounts/sign-in';
import { accountForIdentity } from '../../src/server/services/accounts/sign-in-with-provider';
import { withMail } from '../support/background';
import {
  buildAccount,
  call,
  createTestContext,
  sessionCookieOf,
  type TestAccount,
  testApp,
} from '../support/test-app';
import { holdClockInWindow } from '../support/test-clock';
import { fastestTimes } from '../support/timing';

// Windows of an hour: attempts are counted in fixed windows, and a test whose attempts straddled
// the edge of a minute's window saw its count start again (the fourth sign-in let through).
// Tests that count a whole window's attempts also hold the clock in one window (holdClockInWindow).
const hourMs = 60 * 60_000;
const ctx = await testApp({
  accountLimits: {
    ...defaultAccountLimits,
    perAddress: { limit: 6, windowMs: hourMs },
    perAccount: { limit: 3, windowMs: hourMs },
    signUpsPerAddress: { limit: 12, windowMs: hourMs },
  },
});
const { peer, background } = await withMail(ctx);

/** A sign-in as a browser makes it, from the given address. */
const signInFrom = (
  remoteAddress: string,
  json: Record<string, unknown>,
  account: TestAccount | null = null,
) => call(ctx, account, { method: 'POST', url: '/api/auth/sign-in', json, remoteAddress });

const signUpBody = (email: string) => ({
  name: 'Grace Hopper',
  email,
  password: 'a long enough password',
  organizationName: 'Hopper & Co',
});

/** The confirmation token in the last mail to that address, delivered by the real mail job. */
async function confirmationTokenFor(email: string): Promise<string> {
  await background.drain();
  const mail = peer.to(email).at(-1);
  const match = /\/confirm-email\/([A-Za-z0-9_-]{43})\b/.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`No confirmation link in: ${mail?.subject}`);
  return match[1];
}

/** The browser's sign-up cookie, as it sends it back: it names the sign-ups that browser asked for. */
const signUpCookieOf = (response: Awaited<ReturnType<typeof call>>) => {
  const cookie = response.cookies.find((c) => c.name === 'pactum_sign_up');
  return cookie ? `${cookie.name}=${cookie.value}` : undefined;
};

/** Opens a confirmation link: from the browser that signed up (its cookie), or another one, with a password or not. */
const confirmSignUp = (
  token: string,
  remoteAddress = '203.0.113.9',
  from: { cookie?: string | undefined; password?: string } = {},
) =>
  call(ctx, null, {
    method: 'POST',
    url: '/api/auth/sign-up/confirm',
    json: { token, ...(from.password === undefined ? {} : { password: from.password }) },
    remoteAddress,
    headers: from.cookie ? { cookie: from.cookie } : {},
  });

const requested = {
  message: 'Check your e-mail: we sent a link to finish creating your account. It works for 24 hours.',
};

describe('sign-up', () => {
  it('mails a link; opening it creates an organization with the new, confirmed user as its admin, and signs in', async () => {
    const response = await call(ctx, null, {
      method: 'POST',
      url: '/api/auth/sign-up',
      json: signUpBody('Grace@Example.com '),
    });
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual(requested);
    expect(sessionCookieOf(response)).toBeUndefined();
    const browser = signUpCookieOf(response);
    expect(response.cookies.find((c) => c.name === 'pactum_sign_up')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
      path: '/api/auth',
      maxAge: 24 * 60 * 60,
    });
    // Nothing exists until the link is opened, and only the password's hash is kept meanwhile.
    expect(await ctx.database.db.select().from(users).where(eq(users.email, 'grace@example.com'))).toEqual(
      [],
    );
    const [pending] = await ctx.database.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.email, 'grace@example.com'));
    expect(pending?.passwordHash).toMatch(/^\$argon2id\$/);

    const token = await confirmationTokenFor('grace@example.com');
    const mail = peer.to('grace@example.com').at(-1);
    expect(mail?.subject).toBe('Confirm your e-mail to finish creating your Pactum account');
    expect(mail?.text).toContain('Hopper & Co');
    const [stored] = await ctx.database.db
      .select({ tokenHash: emailVerifications.tokenHash })
      .from(emailVerifications)
      .where(eq(emailVerifications.id, pending?.id ?? ''));
    expect(stored?.tokenHash).toBe(hashEmailVerificationToken(token));

    // Opened in the browser that asked for the account: no password needed.
    const confirmed = await confirmSignUp(token, '203.0.113.9', { cookie: browser });
    expect(confirmed.statusCode).toBe(200);
    const { user, purpose, email } = confirmed.json();
    expect({ purpose, email }).toEqual({ purpose: 'sign-up', email: 'grace@example.com' });
    expect(user).toMatchObject({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      role: 'admin',
      avatarUrl: null,
      organization: { name: 'Hopper & Co' },
    });
    expect(user).not.toHaveProperty('passwordHash');
    const cookie = confirmed.cookies.find((c) => c.name === 'pactum_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.expires).toBeUndefined();
    const me = await ctx.app.inject({ url: '/api/auth/me', headers: { cookie: sessionCookieOf(confirmed) } });
    expect(me.json().user.id).toBe(user.id);
    const [created] = await ctx.database.db
      .select({ emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, user.id));
    expect(created?.emailVerifiedAt).toBeInstanceOf(Date);
    // The password chosen at sign-up signs in.
    expect(
      (await signInFrom('203.0.113.10', { email: 'grace@example.com', password: 'a long enough password' }))
        .statusCode,
    ).toBe(200);

    // The pending row keeps no password hash once the account has it, and is purged a day after it expires.
    const [spent] = await ctx.database.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.id, pending?.id ?? ''));
    expect(spent?.passwordHash).toBeNull();
    expect(spent?.usedAt).toBeInstanceOf(Date);

    // The link works once.
    const again = await confirmSignUp(token, '203.0.113.9', { cookie: browser });
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toEqual({
      code: 'EMAIL_LINK_INVALID',
      message: 'This confirmation link has already been used. If your account exists, sign in.',
    });
  });

  it('answers an address that has an account exactly like a new one, and tells its owner instead', async () => {
    const owner = await buildAccount(ctx, { name: 'Olive Owner' });
    const ask = (email: string) =>
      call(ctx, null, {
        method: 'POST',
        url: '/api/auth/sign-up',
        json: { ...signUpBody(email), password: 'an attacker passphrase' },
        remoteAddress: '203.0.113.20',
      });
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await ask(email);
      return { response, ms: performance.now() - started };
    };
    const free = await timed(`free-${Date.now()}@example.com`);
    const taken = await timed(owner.email.toUpperCase());
    for (const { response, ms } of [free, taken]) {
      expect(response.statusCode).toBe(202);
      expect(response.json()).toEqual(requested);
      expect(sessionCookieOf(response)).toBeUndefined();
      expect(ms).toBeGreaterThanOrEqual(390);
    }
    // Both get a sign-up cookie of the same form (a random id for the taken address).
    const cookieShape = (response: typeof free.response) => {
      const { value, expires, ...attributes } =
        response.cookies.find((c) => c.name === 'pactum_sign_up') ?? {};
      return { ...attributes, length: value?.length };
    };
    expect(cookieShape(taken.response)).toEqual(cookieShape(free.response));
    expect(cookieShape(free.response).length).toBeGreaterThan(40);
    const headersOf = (response: typeof free.response) =>
      Object.keys(response.headers)
        .filter((name) => !['date', 'content-length'].includes(name))
        .sort();
    expect(headersOf(taken.response)).toEqual(headersOf(free.response));
    expect(taken.response.body).toBe(free.response.body);
    // And after the same time: the fastest of three tries each, alternating which goes first.
    const [freeMs, takenMs] = await fastestTimes(3, async (round) => [
      () => ask(`free-${round}-${Date.now()}@example.com`),
      () => ask(owner.email),
    ]);
    expect(Math.abs(takenMs - freeMs)).toBeLessThan(250);

    // The owner hears of it; their account and password stay as they were.
    await background.drain();
    const notice = peer.to(owner.email).at(-1);
    expect(notice?.subject).toBe('Someone tried to create a Pactum account with your e-mail');
    expect(notice?.text).toContain('If it was you: sign in with your password, or reset it');
    expect(notice?.text).not.toMatch(/confirm-email/);
    expect(
      (await signInFrom('203.0.113.21', { email: owner.email, password: owner.password })).statusCode,
    ).toBe(200);
    const pending = await ctx.database.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.email, owner.email));
    expect(pending).toEqual([]);
  });

  it('says why a link cannot be used: unknown, expired, or the address taken meanwhile', async () => {
    const unknown = await confirmSignUp('A'.repeat(43));
    expect(unknown.statusCode).toBe(410);
    expect(unknown.json().error.message).toContain('This confirmation link is not valid');
    expect((await confirmSignUp('')).statusCode).toBe(400);

    const email = `late-${Date.now()}@example.com`;
    await call(ctx, null, { method: 'POST', url: '/api/auth/sign-up', json: signUpBody(email) });
    const token = await confirmationTokenFor(email);
    await ctx.database.db
      .update(emailVerifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailVerifications.tokenHash, hashEmailVerificationToken(token)));
    const expired = await confirmSignUp(token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error.message).toBe(
      'This confirmation link has expired: it works for 24 hours. Start again to get a new one.',
    );

    const raced = `raced-${Date.now()}@example.com`;
    await call(ctx, null, { method: 'POST', url: '/api/auth/sign-up', json: signUpBody(raced) });
    const racedToken = await confirmationTokenFor(raced);
    await buildAccount(ctx, { email: raced });
    const taken = await confirmSignUp(racedToken, '203.0.113.9', { password: signUpBody(raced).password });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({
      code: 'EMAIL_TAKEN',
      message:
        'An account with this e-mail was created meanwhile. Sign in, or reset your password if you do not know it.',
    });
  });

  it.each([
    ['name', { name: '  ' }, 'Name is required'],
    ['email', { email: 'not-an-email' }, 'Enter a valid email address'],
    ['password', { password: 'short' }, 'Password must be at least 8 characters'],
    ['password', { password: 'x'.repeat(257) }, 'Password must be at most 256 characters'],
    ['organizationName', { organizationName: '' }, 'Organization name is required'],
  ])('names the field when %s is invalid', async (field, override, message) => {
    const response = await call(ctx, null, {
      method: 'POST',
      url: '/api/auth/sign-up',
      json: { ...signUpBody('valid@example.com'), ...override },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'INVALID_INPUT', message, field } });
  });

  it('throttles sign-ups from one address, until its window has passed', async () => {
    const signUp = (email: string) =>
      call(ctx, null, {
        method: 'POST',
        url: '/api/auth/sign-up',
        json: signUpBody(email),
        remoteAddress: '192.0.2.77',
      });
    // Held in one window: the thirteen sign-ups take seconds, and must not straddle the window's edge.
    holdClockInWindow(hourMs);
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 13; attempt += 1) {
        statuses.push((await signUp(`many-${attempt}@example.com`)).statusCode);
      }
      expect(statuses.slice(0, 12).every((status) => status === 202)).toBe(true);
      expect(statuses[12]).toBe(429);
      advanceClock(hourMs);
      expect((await signUp('many-next-hour@example.com')).statusCode).toBe(202);
    } finally {
      resetClock();
    }
  });

  it('accepts a 256-character password', async () => {
    const response = await call(ctx, null, {
      method: 'POST',
      url: '/api/auth/sign-up',
      json: { ...signUpBody('long-password@example.com'), password: 'pass phrase '.repeat(22).slice(0, 256) },
    });
    expect(response.statusCode).toBe(202);
  });
});

describe('a sign-up link opened in another browser (pre-takeover by confirmation)', () => {
  /** Someone signs up with the address, from their own browser; the link goes to the address. */
  async function signUpAs(email: string, password: string) {
    const asked = await call(ctx, null, {
      method: 'POST',
      url: '/api/auth/sign-up',
      json: { ...signUpBody(email), password },
      remoteAddress: '198.51.100.200',
    });
    expect(asked.statusCode).toBe(202);
    return { cookie: signUpCookieOf(asked), token: await confirmationTokenFor(email) };
  }
  const accountsWith = (email: string) =>
    ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  let ip = 0;
  const nextIp = () => {
    ip += 1;
    return `192.0.2.${ip}`;
  };

  it("the victim's click, without the asking browser's cookie or the password, creates nothing", async () => {
    const victim = `victim-${Date.now()}@example.com`;
    const attacker = await signUpAs(victim, 'the attacker passphrase');
    // The victim has a sign-up cookie of their own, for another address: it does not vouch for this one.
    const own = await call(ctx, null, {
      method: 'POST',
      url: '/api/auth/sign-up',
      json: signUpBody(`own-${Date.now()}@example.com`),
      remoteAddress: '198.51.100.201',
    });
    // The attacker's own cookie names the pending sign-up; a copy with its signature made up does not count.
    const forged = `${attacker.cookie?.split('.')[0]}.${'A'.repeat(43)}`;
    for (const cookie of [undefined, signUpCookieOf(own), forged]) {
      const click = await confirmSignUp(attacker.token, nextIp(), { cookie });
      expect(click.statusCode).toBe(401);
      expect(click.json().error).toEqual({
        code: 'SIGN_UP_PASSWORD_REQUIRED',
        message: 'Enter the password you chose when you signed up',
        field: 'password',
      });
      expect(sessionCookieOf(click)).toBeUndefined();
    }
    expect(await accountsWith(victim)).toEqual([]);
    const [pending] = await ctx.database.db
      .select()
      .from(emailVerifications)
      .where(eq(emailVerifications.tokenHash, hashEmailVerificationToken(attacker.token)));
    expect(pending?.usedAt).toBeNull();
    // The victim does not know the attacker's password, so the account is never made with it.
    const guess = await confirmSignUp(attacker.token, nextIp(), { password: 'the victim own passphrase' });
    expect(guess.statusCode).toBe(401);
    expect(guess.json().error).toMatchObject({ code: 'INVALID_CREDENTIALS', field: 'password' });
    expect(await accountsWith(victim)).toEqual([]);
  });

  it('finishes with the password chosen at sign-up, and signs that browser in', async () => {
    const email = `two-browsers-${Date.now()}@example.com`;
    const { token } = await signUpAs(email, 'my own long passphrase');
    const confirmed = await confirmSignUp(token, nextIp(), { password: 'my own long passphrase' });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ purpose: 'sign-up', email, user: { email } });
    const me = await ctx.app.inject({ url: '/api/auth/me', headers: { cookie: sessionCookieOf(confirmed) } });
    expect(me.json().user.email).toBe(email);
    expect(await accountsWith(email)).toHaveLength(1);
  });

  it('needs no password in the browser that asked, even after it asked for another sign-up', async () => {
    const email = `same-browser-${Date.now()}@example.com`;
    const first = await signUpAs(email, 'my own long passphrase');
    // The same browser signs up for another address afterwards: the cookie still names the first.
    const second = await call(ctx, null, {
      method: 'POST',
      url: '/api/auth/sign-up',
      json: signUpBody(`second-${Date.now()}@example.com`),
      remoteAddress: '198.51.100.202',
      headers: first.cookie ? { cookie: first.cookie } : {},
    });
    const confirmed = await confirmSignUp(first.token, nextIp(), { cookie: signUpCookieOf(second) });
    expect(confirmed.statusCode).toBe(200);
    expect(await accountsWith(email)).toHaveLength(1);
  });

  it('limits wrong passwords per pending sign-up and per address, even when the right one comes after', async () => {
    const email = `guessed-${Date.now()}@example.com`;
    const right = 'the real owner passphrase';
    const a = await signUpAs(email, right);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      statuses.push(
        (await confirmSignUp(a.token, nextIp(), { password: `wrong guess ${attempt}` })).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    // Five wrong tries for this sign-up: the right password waits too.
    const limited = await confirmSignUp(a.token, nextIp(), { password: right });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    // A second pending sign-up for the same address shares the address's allowance (ten an hour).
    const b = await signUpAs(email, right);
    const more: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      more.push(
        (await confirmSignUp(b.token, nextIp(), { password: `another guess ${attempt}` })).statusCode,
      );
    }
    expect(more).toEqual([401, 401, 401, 401, 429]);
    expect(await accountsWith(email)).toEqual([]);
    // The browser that asked is not locked out: its cookie needs no password at all.
    expect((await confirmSignUp(b.token, nextIp(), { cookie: b.cookie })).statusCode).toBe(200);
  });

  it("cannot be planted in the victim's browser by another site's form (no cookie on a cross-site sign-up)", async () => {
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }]) {
      const planted = await call(ctx, null, {
        method: 'POST',
        url: '/api/auth/sign-up',
        json: signUpBody(`planted-${Date.now()}@example.com`),
        remoteAddress: '198.51.100.203',
        headers,
      });
      expect(planted.statusCode).toBe(403);
      expect(signUpCookieOf(planted)).toBeUndefined();
    }
  });

  it('refuses a password over 256 characters as input', async () => {
    const response = await confirmSignUp('A'.repeat(43), nextIp(), { password: 'x'.repeat(257) });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.field).toBe('password');
  });
});

describe('pending sign-ups', () => {
  it('are deleted, password hash and all, a day after they expire', async () => {
    const email = `never-confirmed-${Date.now()}@example.com`;
    await call(ctx, null, { method: 'POST', url: '/api/auth/sign-up', json: signUpBody(email) });
    const rowsFor = () =>
      ctx.database.db.select().from(emailVerifications).where(eq(emailVerifications.email, email));
    const [row] = await rowsFor();
    if (!row) throw new Error('no pending sign-up');
    await runSweeps(ctx.database.db, new Date(row.expiresAt.getTime() + 60_000));
    expect(await rowsFor()).toHaveLength(1);
    await runSweeps(ctx.database.db, new Date(row.expiresAt.getTime() + 25 * 3600 * 1000));
    expect(await rowsFor()).toEqual([]);
  });
});

describe('OpenID sign-in and unconfirmed addresses (account pre-takeover)', () => {
  it('never lands in an account whose address was not confirmed, even when the provider vouches for it', async () => {
    const victim = `victim-${Date.now()}@example.com`;
    // Made before addresses were confirmed (or by someone who typed another person's address).
    const squatter = await buildAccount(ctx, { email: victim });
    await ctx.database.db.update(users).set({ emailVerifiedAt: null }).where(eq(users.id, squatter.userId));
    await expect(
      accountForIdentity(ctx.database.db, { email: victim, emailVerified: true, name: 'Victim' }),
    ).rejects.toMatchObject({ reason: 'account_unverified' });

    // Once the owner proves the address (a password reset does), the provider's sign-in lands there.
    await ctx.database.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.id, squatter.userId));
    await expect(
      accountForIdentity(ctx.database.db, { email: victim, emailVerified: true, name: 'Victim' }),
    ).resolves.toMatchObject({ userId: squatter.userId, created: false });
  });

  it('makes a confirmed account on a first sign-in with a confirmed address', async () => {
    const email = `fresh-oidc-${Date.now()}@example.com`;
    const made = await accountForIdentity(ctx.database.db, { email, emailVerified: true, name: 'Fresh' });
    expect(made.created).toBe(true);
    const [row] = await ctx.database.db
      .select({ emailVerifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, made.userId));
    expect(row?.emailVerifiedAt).toBeInstanceOf(Date);
  });
});

describe('sign-up password rules', () => {
  const signUpWith = (email: string, password: string) =>
    call(ctx, null, {
      method: 'POST',
      url: '/api/auth/sign-up',
      json: { ...signUpBody(email), password },
      remoteAddress: '192.0.2.88',
    });

  it('keeps a list of about a thousand common passwords', () => {
    expect(commonPasswordCount).toBeGreaterThanOrEqual(1000);
  });

  it.each([
    'password',
    'Password1',
    'QWERTY123',
    'iloveyou',
    '12345678',
    'aaaaaaaaaa',
    'abcdefghij',
    'p@ssw0rd',
    'correcthorsebatterystaple',
  ])('refuses the common password %s, naming the field', async (password) => {
    const response = await signUpWith('common@example.com', password);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: {
        code: 'PASSWORD_TOO_COMMON',
        message:
          'This password is too common and easy to guess. Choose a longer one, for example a few unrelated words.',
        field: 'password',
      },
    });
  });

  it('refuses the e-mail address, its name part or the name as the password', async () => {
    for (const password of ['own.address@example.com', 'own.address', 'GraceHopper', 'grace hopper']) {
      const response = await signUpWith('own.address@example.com', password);
      expect(response.json().error).toMatchObject({ code: 'PASSWORD_TOO_COMMON', field: 'password' });
    }
  });

  it('accepts 8 characters and refuses 7; refuses 257', async () => {
    const seven = await signUpWith('seven@example.com', 'k8#Lm2q');
    expect(seven.json().error).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'password',
      message: 'Password must be at least 8 characters',
    });
    const tooLong = await signUpWith('too-long@example.com', 'k8#Lm2qZ'.repeat(33).slice(0, 257));
    expect(tooLong.json().error).toMatchObject({
      code: 'INVALID_INPUT',
      field: 'password',
      message: 'Password must be at most 256 characters',
    });
    const eight = await signUpWith('eight@example.com', 'k8#Lm2qZ');
    expect(eight.statusCode).toBe(202);
  });

  it('spends no sign-up allowance on a refused password', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 14; attempt += 1) {
      statuses.push((await signUpWith(`retry-${attempt}@example.com`, 'password1')).statusCode);
    }
    expect(statuses.every((status) => status === 400)).toBe(true);
    expect((await signUpWith('retry-ok@example.com', 'a long enough password')).statusCode).toBe(202);
  });
});

describe('sign-in', () => {
  // The throttles below count a window's failures: held in one window, none straddles its edge.
  beforeEach(() => {
    holdClockInWindow(hourMs);
  });
  afterEach(() => {
    resetClock();
  });

  it('signs in with the right password and issues a new session each time', async () => {
    const account = await buildAccount(ctx);
    const signIn = () => signInFrom('198.51.100.1', { email: account.email, password: account.password });
    const first = await signIn();
    const second = await signIn();
    expect(first.statusCode).toBe(200);
    expect(first.json().user.email).toBe(account.email);
    expect(sessionCookieOf(first)).toBeDefined();
    expect(sessionCookieOf(first)).not.toBe(sessionCookieOf(second));
    expect(sessionCookieOf(first)).not.toBe(account.cookie);
  });

  it('gives remember-me a 30-day cookie', async () => {
    const account = await buildAccount(ctx);
    const response = await signInFrom('198.51.100.2', {
      email: account.email,
      password: account.password,
      remember: true,
    });
    const cookie = response.cookies.find((c) => c.name === 'pactum_session');
    const expires = cookie?.expires;
    if (!(expires instanceof Date)) throw new Error('the cookie has no expiry');
    // Counted from the server's clock, held in one window here.
    const days = (expires.getTime() - nowMs()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it('answers a wrong password and an unknown e-mail the same way', async () => {
    const account = await buildAccount(ctx);
    const wrongPassword = await signInFrom('198.51.100.3', {
      email: account.email,
      password: 'wrong password',
    });
    const unknownEmail = await signInFrom('198.51.100.3', {
      email: 'nobody@example.com',
      password: 'wrong password',
    });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' },
      });
      expect(sessionCookieOf(response)).toBeUndefined();
    }
  });

  it('spends about the same time on an unknown e-mail as on a wrong password', async () => {
    const account = await buildAccount(ctx);
    // A fresh address for every try, so the per-address limit never answers instead.
    const attempt = (email: string, address: number) => () =>
      signInFrom(`198.51.100.${address}`, { email, password: 'nope nope' });
    const [known, unknown] = await fastestTimes(3, async (round) => [
      attempt(account.email, 41 + 2 * round),
      attempt('nobody-else@example.com', 42 + 2 * round),
    ]);
    // Both paths run one argon2id verification (tens of ms); skipping it would make one path ~50x faster.
    expect(unknown).toBeGreaterThan(known * 0.3);
    expect(known).toBeGreaterThan(unknown * 0.3);
  });

  it('throttles repeated failures against one account from one address, even with the right password', async () => {
    const account = await buildAccount(ctx);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await signInFrom('198.51.100.50', { email: account.email, password: 'guess' });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await signInFrom('198.51.100.50', { email: account.email, password: account.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('RATE_LIMITED');
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it("never lets strangers' failures keep the owner out", async () => {
    const account = await buildAccount(ctx);
    // Eleven wrong passwords from other addresses (before: the twelfth attempt, the owner's, got 429).
    for (let attempt = 0; attempt < 11; attempt += 1) {
      const response = await signInFrom(`198.51.100.${60 + attempt}`, {
        email: account.email,
        password: 'guess',
      });
      expect([401, 429]).toContain(response.statusCode);
    }
    const owner = await signInFrom('192.0.2.44', { email: account.email, password: account.password });
    expect(owner.statusCode).toBe(200);
  });

  it('lets no more failures through than the limit, even all at once', async () => {
    const account = await buildAccount(ctx);
    const responses = await Promise.all(
      Array.from({ length: 12 }, () =>
        signInFrom('198.51.100.100', { email: account.email, password: 'guess' }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    // The address and the account-from-address counters are taken one after the other, so at
    // once some attempts may be turned away by one and others by the other: never more than 3 pass.
    const through = statuses.filter((status) => status === 401).length;
    expect(through).toBeGreaterThanOrEqual(1);
    expect(through).toBeLessThanOrEqual(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12 - through);
  });

  it('does not count successful sign-ins against the limit', async () => {
    const account = await buildAccount(ctx);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await signInFrom('198.51.100.200', {
        email: account.email,
        password: account.password,
      });
      expect(response.statusCode).toBe(200);
    }
  });

  it('replaces the session the browser already had', async () => {
    const account = await buildAccount(ctx);
    const response = await signInFrom(
      '198.51.100.201',
      { email: account.email, password: account.password },
      account,
    );
    expect(response.statusCode).toBe(200);
    expect((await call(ctx, account, { method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
  });

  it('throttles repeated failures from one address across accounts', async () => {
    for (let attempt = 0; attempt < 6; attempt += 1) {
      await signInFrom('203.0.113.99', { email: `spray-${attempt}@example.com`, password: 'guess' });
    }
    const account = await buildAccount(ctx);
    const blocked = await signInFrom('203.0.113.99', { email: account.email, password: account.password });
    expect(blocked.statusCode).toBe(429);
  });

  it('requires an e-mail and a password', async () => {
    const response = await call(ctx, null, {
      method: 'POST',
      url: '/api/auth/sign-in',
      json: { email: 'a@example.com' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'INVALID_INPUT', field: 'password' });
  });
});

describe('sessions', () => {
  it('answers 401 without a session, or with a forged one', async () => {
    for (const cookie of [undefined, 'pactum_session=forged-token']) {
      const response = await ctx.app.inject({ url: '/api/auth/me', headers: cookie ? { cookie } : {} });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it("answers the web app's session probe with null, not 401, when nobody is signed in", async () => {
    for (const cookie of [undefined, 'pactum_session=forged-token']) {
      const response = await ctx.app.inject({ url: '/api/auth/session', headers: cookie ? { cookie } : {} });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ user: null });
    }
    const account = await buildAccount(ctx);
    const probe = await call(ctx, account, { method: 'GET', url: '/api/auth/session' });
    expect(probe.json().user).toMatchObject({ email: account.email });
    // It is for people: an API token gets 403, never the token's creator.
    const token = await call(ctx, account, {
      method: 'GET',
      url: '/api/auth/session',
      headers: { authorization: `Bearer pct_${'x'.repeat(43)}` },
    });
    expect(token.statusCode).toBe(403);
  });

  it('signs out: the session stops working and the cookie is cleared', async () => {
    const account = await buildAccount(ctx);
    const out = await call(ctx, account, { method: 'POST', url: '/api/auth/sign-out' });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'pactum_session')?.value).toBe('');
    const me = await call(ctx, account, { method: 'GET', url: '/api/auth/me' });
    expect(me.statusCode).toBe(401);
  });

  it('stores only a hash of the session token', async () => {
    const account = await buildAccount(ctx);
    const token = account.cookie.split('=')[1] ?? '';
    const rows = await ctx.database.db.query.sessions.findMany();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.tokenHash === token || row.tokenHash.includes(token))).toBe(false);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  });
});

describe('cookies over https', () => {
  it('marks the session cookie Secure when APP_URL is https', async () => {
    const secureCtx = await createTestContext({
      appUrl: new URL('https://pactum.example'),
      secret: 'y'.repeat(40),
    });
    try {
      const account = await buildAccount(secureCtx);
      const response = await call(secureCtx, null, {
        method: 'POST',
        url: '/api/auth/sign-in',
        json: { email: account.email, password: account.password },
      });
      expect(response.cookies.find((c) => c.name === 'pactum_session')).toMatchObject({
        secure: true,
        httpOnly: true,
      });
    } finally {
      await secureCtx.close();
    }
  });
});

describe('the demo credentials endpoint', () => {
  it('answers null outside demo mode', async () => {
    const response = await ctx.app.inject({ url: '/api/demo-credentials' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ credentials: null });
  });
});
