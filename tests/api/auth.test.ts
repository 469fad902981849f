import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commonPasswordCount } from '../../src/server/services/accounts/common-passwords';
import { defaultAccountLimits } from '../../src/server/services/accounts/sign-in';
import {
  buildAccount,
  call,
  createTestContext,
  sessionCookieOf,
  type TestAccount,
  type TestContext,
} from '../support/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    accountLimits: {
      ...defaultAccountLimits,
      perAddress: { limit: 6, windowMs: 60_000 },
      perAccount: { limit: 3, windowMs: 60_000 },
      signUpsPerAddress: { limit: 12, windowMs: 60_000 },
    },
  });
});
afterAll(() => ctx.close());

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

describe('sign-up', () => {
  it('creates an organization with the new user as its admin, and signs in', async () => {
    const response = await call(ctx, null, {
      method: 'POST',
      url: '/api/auth/sign-up',
      json: signUpBody('Grace@Example.com '),
    });
    expect(response.statusCode).toBe(201);
    const { user } = response.json();
    expect(user).toMatchObject({
      name: 'Grace Hopper',
      email: 'grace@example.com',
      role: 'admin',
      avatarUrl: null,
      organization: { name: 'Hopper & Co' },
    });
    expect(user).not.toHaveProperty('passwordHash');
    const cookie = response.cookies.find((c) => c.name === 'pactum_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.expires).toBeUndefined();
    const me = await ctx.app.inject({ url: '/api/auth/me', headers: { cookie: sessionCookieOf(response) } });
    expect(me.json().user.id).toBe(user.id);
  });

  it('refuses an e-mail that already has an account', async () => {
    await call(ctx, null, {
      method: 'POST',
      url: '/api/auth/sign-up',
      json: signUpBody('taken@example.com'),
    });
    const again = await call(ctx, null, {
      method: 'POST',
      url: '/api/auth/sign-up',
      json: signUpBody('TAKEN@example.com'),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'EMAIL_TAKEN', field: 'email' });
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

  it('throttles sign-ups from one address', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 13; attempt += 1) {
      const response = await call(ctx, null, {
        method: 'POST',
        url: '/api/auth/sign-up',
        json: signUpBody(`many-${attempt}@example.com`),
        remoteAddress: '192.0.2.77',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 12).every((status) => status === 201)).toBe(true);
    expect(statuses[12]).toBe(429);
  });

  it('accepts a 256-character password', async () => {
    const response = await call(ctx, null, {
      method: 'POST',
      url: '/api/auth/sign-up',
      json: { ...signUpBody('long-password@example.com'), password: 'pass phrase '.repeat(22).slice(0, 256) },
    });
    expect(response.statusCode).toBe(201);
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
    expect(eight.statusCode).toBe(201);
  });

  it('spends no sign-up allowance on a refused password', async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 14; attempt += 1) {
      statuses.push((await signUpWith(`retry-${attempt}@example.com`, 'password1')).statusCode);
    }
    expect(statuses.every((status) => status === 400)).toBe(true);
    expect((await signUpWith('retry-ok@example.com', 'a long enough password')).statusCode).toBe(201);
  });
});

describe('sign-in', () => {
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
    const days = (expires.getTime() - Date.now()) / 86_400_000;
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
    let address = 40;
    const median = async (email: string) => {
      const times: number[] = [];
      for (let run = 0; run < 3; run += 1) {
        address += 1;
        const started = performance.now();
        await signInFrom(`198.51.100.${address}`, { email, password: 'nope nope' });
        times.push(performance.now() - started);
      }
      return times.sort((a, b) => a - b)[1] ?? 0;
    };
    const known = await median(account.email);
    const unknown = await median('nobody-else@example.com');
    // Both paths run one argon2id verification (tens of ms); skipping it would make one path ~50x faster.
    expect(unknown).toBeGreaterThan(known * 0.3);
    expect(known).toBeGreaterThan(unknown * 0.3);
  });

  it('throttles repeated failures against one account, even with the right password', async () => {
    const account = await buildAccount(ctx);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await signInFrom(`198.51.100.${50 + attempt}`, {
        email: account.email,
        password: 'guess',
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await signInFrom('198.51.100.60', { email: account.email, password: account.password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('RATE_LIMITED');
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('lets no more failures through than the limit, even all at once', async () => {
    const account = await buildAccount(ctx);
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, attempt) =>
        signInFrom(`198.51.100.${100 + attempt}`, { email: account.email, password: 'guess' }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(9);
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
      config: { appUrl: new URL('https://pactum.example'), sessionSecret: 'y'.repeat(40), demo: false },
    });
    try {
      const response = await call(secureCtx, null, {
        method: 'POST',
        url: '/api/auth/sign-up',
        json: signUpBody('secure@example.com'),
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
  it('does not answer outside demo mode', async () => {
    const response = await ctx.app.inject({ url: '/api/demo-credentials' });
    expect(response.statusCode).toBe(404);
  });
});
