import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailMessages, passkeys, sessions } from '../../src/server/db/schema';
import { hashSessionToken } from '../../src/server/services/sessions/session-token';
import { CookieBrowser } from '../support/cookie-browser';
import { SoftAuthenticator } from '../support/soft-authenticator';
import { buildAccount, call, type TestAccount, testApp, testAppUrl, testSecret } from '../support/test-app';

let addressCounter = 0;
const ctx = await testApp();

function newBrowser(): CookieBrowser {
  addressCounter += 1;
  return new CookieBrowser(ctx, `192.0.2.${addressCounter}`);
}

/** The account signed in through a browser that keeps its cookies (the WebAuthn challenge is one). */
function browserOf(account: TestAccount): CookieBrowser {
  const browser = newBrowser();
  const [name, value] = account.cookie.split('=');
  if (name && value) browser.jar.set(name, value);
  return browser;
}

async function registerPasskey(browser: CookieBrowser, authenticator: SoftAuthenticator, name = 'Laptop') {
  const options = await browser.post('/api/profile/passkeys/options');
  expect(options.statusCode).toBe(200);
  const credential = authenticator.register(options.json().options);
  return { response: await browser.post('/api/profile/passkeys', { name, credential }), credential };
}

async function authMethodsOf(browser: CookieBrowser): Promise<string[] | undefined> {
  const token = browser.jar.get('pactum_session') ?? '';
  const [row] = await ctx.database.db
    .select({ methods: sessions.authMethods })
    .from(sessions)
    .where(eq(sessions.tokenHash, hashSessionToken(testSecret, token)));
  return row?.methods;
}

describe('registering a passkey', () => {
  it('checks the answer against the challenge, relying party and origin, and keeps it named', async () => {
    const account = await buildAccount(ctx);
    const browser = browserOf(account);
    const options = await browser.post('/api/profile/passkeys/options');
    const { options: made } = options.json();
    expect(made.rp).toEqual({ name: 'Pactum', id: testAppUrl.hostname });
    expect(made.authenticatorSelection).toMatchObject({ residentKey: 'required' });
    expect(options.cookies.find((c) => c.name === 'pactum_webauthn')).toMatchObject({ httpOnly: true });

    const authenticator = new SoftAuthenticator(testAppUrl.origin);
    const { response } = await (async () => {
      const credential = authenticator.register(made);
      return { response: await browser.post('/api/profile/passkeys', { name: ' My laptop ', credential }) };
    })();
    expect(response.statusCode).toBe(201);
    expect(response.json().passkeys).toEqual([
      expect.objectContaining({ name: 'My laptop', lastUsedAt: null }),
    ]);
    const [stored] = await ctx.database.db.select().from(passkeys).where(eq(passkeys.userId, account.userId));
    expect(stored?.publicKey.length).toBeGreaterThan(60);
    expect(stored?.transports).toEqual(['internal']);
  });

  it('refuses another origin, a reused challenge and no challenge at all', async () => {
    const account = await buildAccount(ctx);
    const browser = browserOf(account);
    const authenticator = new SoftAuthenticator(testAppUrl.origin);

    const options = (await browser.post('/api/profile/passkeys/options')).json().options;
    const phished = authenticator.register(options, { origin: 'https://pactum.example.evil' });
    expect((await browser.post('/api/profile/passkeys', { name: 'x', credential: phished })).statusCode).toBe(
      400,
    );

    const fresh = (await browser.post('/api/profile/passkeys/options')).json().options;
    const challengeCookie = browser.jar.get('pactum_webauthn') ?? '';
    const good = authenticator.register(fresh);
    expect((await browser.post('/api/profile/passkeys', { name: 'one', credential: good })).statusCode).toBe(
      201,
    );
    // The same signed cookie and a new credential answering the same challenge: refused.
    browser.jar.set('pactum_webauthn', challengeCookie);
    const again = authenticator.register(fresh);
    const replay = await browser.post('/api/profile/passkeys', { name: 'two', credential: again });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().error.message).toMatch(/expired/);

    const none = await browser.post('/api/profile/passkeys', {
      name: 'three',
      credential: authenticator.register(fresh),
    });
    expect(none.statusCode).toBe(400);

    // Another person's challenge cookie is of no use either.
    const other = browserOf(await buildAccount(ctx));
    const theirs = (await other.post('/api/profile/passkeys/options')).json().options;
    browser.jar.set('pactum_webauthn', other.jar.get('pactum_webauthn') ?? '');
    const stolen = authenticator.register(theirs);
    expect(
      (await browser.post('/api/profile/passkeys', { name: 'four', credential: stolen })).statusCode,
    ).toBe(400);
  });

  it('renames and removes only your own passkeys', async () => {
    const account = await buildAccount(ctx);
    const browser = browserOf(account);
    await registerPasskey(browser, new SoftAuthenticator(testAppUrl.origin), 'Phone');
    const status = await call(ctx, account, { method: 'GET', url: '/api/profile/two-factor' });
    const id = status.json().passkeys[0].id;
    const stranger = await buildAccount(ctx);
    expect(
      (
        await call(ctx, stranger, {
          method: 'PATCH',
          url: `/api/profile/passkeys/${id}`,
          json: { name: 'Mine' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call(ctx, stranger, { method: 'DELETE', url: `/api/profile/passkeys/${id}` })).statusCode,
    ).toBe(404);
    expect(
      (
        await call(ctx, account, {
          method: 'PATCH',
          url: `/api/profile/passkeys/${id}`,
          json: { name: 'Work phone' },
        })
      ).statusCode,
    ).toBe(204);
    const renamed = await call(ctx, account, { method: 'GET', url: '/api/profile/two-factor' });
    expect(renamed.json().passkeys[0].name).toBe('Work phone');
    expect(
      (await call(ctx, account, { method: 'DELETE', url: `/api/profile/passkeys/${id}` })).statusCode,
    ).toBe(204);
    const gone = await call(ctx, account, { method: 'GET', url: '/api/profile/two-factor' });
    expect(gone.json().passkeys).toEqual([]);
    // The owner heard of both.
    const notices = await ctx.database.db
      .select({ params: mailMessages.params })
      .from(mailMessages)
      .where(and(eq(mailMessages.toEmail, account.email), eq(mailMessages.kind, 'security_change')));
    expect(notices.map((notice) => [notice.params.change, notice.params.detail])).toEqual([
      ['passkey-added', 'Phone'],
      ['passkey-removed', 'Work phone'],
    ]);
  });

  it('removes one only from a sign-in of the last 15 minutes, so a borrowed session cannot strip it', async () => {
    const account = await buildAccount(ctx);
    const browser = browserOf(account);
    await registerPasskey(browser, new SoftAuthenticator(testAppUrl.origin), 'Only key');
    const [{ id } = { id: '' }] = (await browser.get('/api/profile/two-factor')).json().passkeys;
    // The session was opened 16 minutes ago (a browser left open somewhere).
    await ctx.database.db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(sessions.tokenHash, hashSessionToken(testSecret, browser.jar.get('pactum_session') ?? '')));
    const refused = await browser.call({ method: 'DELETE', url: `/api/profile/passkeys/${id}` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'RECENT_SIGN_IN_REQUIRED',
      message: expect.stringContaining('sign in again'),
    });
    expect((await browser.get('/api/profile/two-factor')).json().passkeys).toHaveLength(1);
    const notices = await ctx.database.db
      .select({ params: mailMessages.params })
      .from(mailMessages)
      .where(and(eq(mailMessages.toEmail, account.email), eq(mailMessages.kind, 'security_change')));
    expect(notices.map((notice) => notice.params.change)).toEqual(['passkey-added']);
  });
});

describe('a passkey as the second factor', () => {
  it('completes a password sign-in, and only with the account’s own passkey', async () => {
    const account = await buildAccount(ctx);
    const authenticator = new SoftAuthenticator(testAppUrl.origin);
    await registerPasskey(browserOf(account), authenticator);
    const strangersKey = new SoftAuthenticator(testAppUrl.origin);
    await registerPasskey(browserOf(await buildAccount(ctx)), strangersKey);

    const browser = newBrowser();
    const first = await browser.post('/api/auth/sign-in', {
      email: account.email,
      password: account.password,
    });
    expect(first.statusCode).toBe(202);
    expect(first.json().secondFactor.methods).toEqual(['passkey']);

    // Someone else's passkey, answering this very challenge, does not count.
    let options = (await browser.post('/api/auth/two-factor/passkey-options')).json().options;
    expect(options.allowCredentials).toHaveLength(1);
    const wrong = await browser.post('/api/auth/two-factor', {
      passkey: strangersKey.authenticate({ ...options, allowCredentials: [] }),
    });
    expect(wrong.statusCode).toBe(401);

    options = (await browser.post('/api/auth/two-factor/passkey-options')).json().options;
    const assertion = authenticator.authenticate(options);
    const challengeCookie = browser.jar.get('pactum_webauthn') ?? '';
    const done = await browser.post('/api/auth/two-factor', { passkey: assertion });
    expect(done.statusCode).toBe(200);
    expect(await authMethodsOf(browser)).toEqual(['password', 'passkey']);

    // The same answer sent again, with the same challenge cookie, in a new sign-in: refused.
    const replayer = newBrowser();
    await replayer.post('/api/auth/sign-in', { email: account.email, password: account.password });
    replayer.jar.set('pactum_webauthn', challengeCookie);
    expect((await replayer.post('/api/auth/two-factor', { passkey: assertion })).statusCode).toBe(401);
  });
});

describe('signing in with a passkey alone', () => {
  it('signs in with a discoverable passkey and records it as the one method', async () => {
    const account = await buildAccount(ctx);
    const authenticator = new SoftAuthenticator(testAppUrl.origin);
    await registerPasskey(browserOf(account), authenticator);

    const browser = newBrowser();
    const options = (await browser.post('/api/auth/passkey/options')).json().options;
    expect(options.allowCredentials ?? []).toEqual([]);
    expect(options.userVerification).toBe('required');
    const assertion = authenticator.authenticate(options);
    const signedIn = await browser.post('/api/auth/passkey', { passkey: assertion, remember: true });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.id).toBe(account.userId);
    expect(await authMethodsOf(browser)).toEqual(['passkey']);

    // Once only.
    const replay = newBrowser();
    await replay.post('/api/auth/passkey/options');
    expect((await replay.post('/api/auth/passkey', { passkey: assertion })).statusCode).toBe(401);
    const status = await call(ctx, account, { method: 'GET', url: '/api/profile/two-factor' });
    expect(status.json().passkeys[0].lastUsedAt).not.toBeNull();
  });

  it('refuses a passkey whose device did not verify the person, and a wrong origin', async () => {
    const account = await buildAccount(ctx);
    const presenceOnly = new SoftAuthenticator(testAppUrl.origin, false);
    await registerPasskey(browserOf(account), presenceOnly);
    const browser = newBrowser();
    const options = (await browser.post('/api/auth/passkey/options')).json().options;
    expect(
      (await browser.post('/api/auth/passkey', { passkey: presenceOnly.authenticate(options) })).statusCode,
    ).toBe(401);

    const verified = new SoftAuthenticator(testAppUrl.origin);
    await registerPasskey(browserOf(account), verified);
    const phished = newBrowser();
    const phishedOptions = (await phished.post('/api/auth/passkey/options')).json().options;
    const response = await phished.post('/api/auth/passkey', {
      passkey: verified.authenticate(phishedOptions, { origin: 'http://localhost:4000' }),
    });
    expect(response.statusCode).toBe(401);
  });

  it('bounds what it reads', async () => {
    const browser = newBrowser();
    await browser.post('/api/auth/passkey/options');
    const huge = await browser.post('/api/auth/passkey', {
      passkey: {
        id: 'a'.repeat(5000),
        rawId: 'a',
        type: 'public-key',
        response: { clientDataJSON: 'a', authenticatorData: 'a', signature: 'a' },
      },
    });
    expect(huge.statusCode).toBe(400);
  });
});
