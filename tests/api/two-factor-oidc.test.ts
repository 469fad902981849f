import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowMs } from '../../src/server/clock';
import { sessions, users } from '../../src/server/db/schema';
import { hashSessionToken } from '../../src/server/services/sessions/session-token';
import { CookieBrowser } from '../support/cookie-browser';
import { codeAt, enrollTotp } from '../support/second-factor';
import { buildAccount, buildTestApp, type TestContext, testAppUrl, testSecret } from '../support/test-app';
import { openTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * Google sign-in against a real OpenID provider (oidc-provider, its development login and consent
 * pages driven over HTTP) for an account with two-factor sign-in: the provider's word is the
 * first factor only.
 */
let ctx: TestContext;
let database: TestDatabase;
// A port of the system's choosing first: the issuer's URL has to name it.
const listening = createServer();
let issuer: string;

beforeAll(async () => {
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'pactum-test',
        client_secret: 'pactum-test-secret',
        redirect_uris: [`${testAppUrl.origin}/api/auth/oidc/google/callback`],
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_context, id) => ({
      accountId: id,
      claims: async () => ({
        sub: id,
        email: `${id}@example.com`,
        email_verified: true,
        name: 'Grace Example',
      }),
    }),
    cookies: { keys: ['pactum-test-cookie-key'] },
  });
  listening.on('request', provider.callback());
  database = await openTestDatabase();
  const app = await buildTestApp(database, {
    identityProviders: { google: { issuer, clientId: 'pactum-test', clientSecret: 'pactum-test-secret' } },
  });
  ctx = { app, database, close: async () => {} };
});
afterAll(async () => {
  await ctx.app.close();
  await database.dispose();
  await new Promise((resolve) => listening.close(resolve));
});

/** The provider's side of the browser: follows its redirects, logs in as `login` and consents. */
async function throughProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const send = async (url: string, form?: Record<string, string>) => {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: new URLSearchParams(form).toString() } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (name) jar.set(name.trim(), value.join('='));
    }
    return response;
  };
  let url = authorizationUrl;
  for (let hop = 0; hop < 12; hop += 1) {
    const response = await send(url);
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin === testAppUrl.origin) return next;
      url = next.href;
      continue;
    }
    // A login or consent page: submit its form.
    const page = await response.text();
    const action = /action="([^"]+)"/.exec(page)?.[1];
    if (!action) throw new Error(`No form on ${url}`);
    const prompt = page.includes('name="login"') ? 'login' : 'consent';
    const submitted = await send(
      new URL(action, url).href,
      prompt === 'login' ? { prompt, login, password: 'x' } : { prompt },
    );
    url = new URL(submitted.headers.get('location') ?? '', url).href;
  }
  throw new Error('The provider never sent the browser back');
}

describe('Google sign-in for an account with two-factor sign-in', () => {
  it('leads to the second step, with no session until a code is given', async () => {
    const login = `grace-${randomUUID().slice(0, 8)}`;
    const account = await buildAccount(ctx, { email: `${login}@example.com` });
    await ctx.database.db
      .update(users)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(users.id, account.userId));
    const { secret } = await enrollTotp(ctx, account);

    const browser = new CookieBrowser(ctx, '198.18.0.7');
    const begin = await browser.get('/api/auth/oidc/google?next=/contracts');
    expect(begin.statusCode).toBe(303);
    const back = await throughProvider(begin.headers.location as string, login);
    expect(back.pathname).toBe('/api/auth/oidc/google/callback');

    const callback = await browser.get(`${back.pathname}${back.search}`);
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe('/login?step=two-factor&next=%2Fcontracts');
    expect(browser.jar.has('pactum_session')).toBe(false);
    expect((await browser.get('/api/auth/me')).statusCode).toBe(401);
    expect((await browser.get('/api/auth/two-factor')).json()).toEqual({
      methods: ['totp', 'recovery-code'],
    });

    const wrong = await browser.post('/api/auth/two-factor', {
      code: codeAt(secret, nowMs() - 600_000),
    });
    expect(wrong.statusCode).toBe(401);
    const done = await browser.post('/api/auth/two-factor', {
      code: codeAt(secret, nowMs()),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().user.id).toBe(account.userId);
    const [session] = await ctx.database.db
      .select({ methods: sessions.authMethods, persistent: sessions.persistent })
      .from(sessions)
      .where(eq(sessions.tokenHash, hashSessionToken(testSecret, browser.jar.get('pactum_session') ?? '')));
    expect(session).toEqual({ methods: ['google', 'totp'], persistent: true });
  });

  it('signs an account without a second factor straight in', async () => {
    const login = `ada-${randomUUID().slice(0, 8)}`;
    const browser = new CookieBrowser(ctx, '198.18.0.8');
    const begin = await browser.get('/api/auth/oidc/google?next=/projects');
    const back = await throughProvider(begin.headers.location as string, login);
    const callback = await browser.get(`${back.pathname}${back.search}`);
    expect(callback.headers.location).toBe('/projects');
    expect((await browser.get('/api/auth/me')).statusCode).toBe(200);
  });
});
