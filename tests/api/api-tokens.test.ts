import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { App } from '../../src/server/app';
import { advanceClock, nowMs, resetClock } from '../../src/server/clock';
import { apiTokens, contractHistory, contracts, rateLimits } from '../../src/server/db/schema';
import { defaultBadApiTokenLimit } from '../../src/server/plugins/authentication';
import { findTokenActor, lastUsedEveryMs } from '../../src/server/services/api-tokens/find-token-actor';
import { enrollTotp } from '../support/second-factor';
import {
  buildAccount,
  buildMember,
  buildTestApp,
  call,
  sampleDocument,
  type TestAccount,
  testApp,
  testSecret,
} from '../support/test-app';
import { holdClockInWindow } from '../support/test-clock';

const ctx = await testApp();
const admin = await buildAccount(ctx, { name: 'Olivia Owner' });
const stranger = await buildAccount(ctx);

type Created = { id: string; token: string; prefix: string; name: string; scope: string };

async function createToken(
  account: TestAccount,
  json: { name: string; scope: 'read' | 'read-write'; expiresAt?: string | null },
): Promise<Created> {
  const response = await call(ctx, account, { method: 'POST', url: '/api/api-tokens', json });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A request as an integration makes it: the token in Authorization, no cookie, no Origin. */
function withToken(
  token: string,
  request: {
    method: string;
    url: string;
    json?: unknown;
    headers?: Record<string, string>;
    remoteAddress?: string;
  },
  app: App = ctx.app,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: request.method as 'GET',
    url: request.url,
    ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
    headers: {
      authorization: `Bearer ${token}`,
      ...(request.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...request.headers,
    },
    ...(request.json === undefined ? {} : { payload: JSON.stringify(request.json) }),
  });
}

async function tokenRow(id: string) {
  const [row] = await ctx.database.db.select().from(apiTokens).where(eq(apiTokens.id, id));
  return row;
}

describe('managing API tokens', () => {
  it('creates a token shown once, lists it without the secret, and keeps only its keyed hash', async () => {
    const created = await createToken(admin, { name: 'CRM sync', scope: 'read-write' });
    expect(created.token).toMatch(/^pct_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({
      name: 'CRM sync',
      scope: 'read-write',
      createdBy: 'Olivia Owner',
      lastUsedAt: null,
      expiresAt: null,
    });
    expect(created.token.startsWith(created.prefix)).toBe(true);
    expect(created.prefix.length).toBeLessThan(16);

    const list = await call(ctx, admin, { method: 'GET', url: '/api/api-tokens' });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(created.token);
    const { token: _secret, ...shown } = created;
    expect(list.json().items).toContainEqual(shown);

    const row = await tokenRow(created.id);
    expect(row?.tokenHash).toBe(createHmac('sha256', testSecret).update(created.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.token);
  });

  it('refuses an expiry in the past and an empty name, naming the field', async () => {
    const past = await call(ctx, admin, {
      method: 'POST',
      url: '/api/api-tokens',
      json: { name: 'Late', scope: 'read', expiresAt: new Date(Date.now() - 1000).toISOString() },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.field).toBe('expiresAt');
    const unnamed = await call(ctx, admin, {
      method: 'POST',
      url: '/api/api-tokens',
      json: { name: '  ', scope: 'read' },
    });
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().error.field).toBe('name');
  });

  it('lets only admins manage tokens', async () => {
    const member = await buildMember(ctx, admin);
    const { id } = await createToken(admin, { name: 'Kept', scope: 'read' });
    for (const request of [
      { method: 'GET', url: '/api/api-tokens' },
      { method: 'POST', url: '/api/api-tokens', json: { name: 'Mine', scope: 'read' } },
      { method: 'DELETE', url: `/api/api-tokens/${id}` },
    ]) {
      const response = await call(ctx, member, request as Parameters<typeof call>[2]);
      expect(response.statusCode, request.url).toBe(403);
    }
    expect(await tokenRow(id)).toBeDefined();
  });

  it('revokes a token: it stops working at once, and another organization cannot revoke it', async () => {
    const { id, token } = await createToken(admin, { name: 'Short-lived', scope: 'read' });
    expect((await withToken(token, { method: 'GET', url: '/api/contracts' })).statusCode).toBe(200);
    const foreign = await call(ctx, stranger, { method: 'DELETE', url: `/api/api-tokens/${id}` });
    expect(foreign.statusCode).toBe(404);
    const revoked = await call(ctx, admin, { method: 'DELETE', url: `/api/api-tokens/${id}` });
    expect(revoked.statusCode).toBe(204);
    const after = await withToken(token, { method: 'GET', url: '/api/contracts' });
    expect(after.statusCode).toBe(401);
    const list = await call(ctx, admin, { method: 'GET', url: '/api/api-tokens' });
    expect(list.json().items.map((item: { id: string }) => item.id)).not.toContain(id);
  });
});

describe('requests with a Bearer token', () => {
  it('reads and sends a contract for signature as the organization, history naming the token', async () => {
    const reader = await createToken(admin, { name: 'Reporting', scope: 'read' });
    const writer = await createToken(admin, { name: 'CRM sync', scope: 'read-write' });

    // No Origin and no cookie, as curl sends it; a foreign Origin does not matter either.
    const created = await withToken(writer.token, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'Order form', content: sampleDocument() },
      headers: { origin: 'https://integrations.example' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect(created.json().createdBy).toMatchObject({ id: admin.userId, name: 'Olivia Owner' });

    const withSigner = await withToken(writer.token, {
      method: 'PATCH',
      url: `/api/contracts/${id}`,
      json: { signers: [{ name: 'Sam Signer', email: 'sam@example.com' }] },
    });
    expect(withSigner.statusCode, withSigner.body).toBe(200);
    const sent = await withToken(writer.token, {
      method: 'POST',
      url: `/api/contracts/${id}/send`,
      json: { sequential: false },
    });
    expect(sent.statusCode, sent.body).toBe(200);

    const read = await withToken(reader.token, { method: 'GET', url: `/api/contracts/${id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ status: 'sent', signers: [{ email: 'sam@example.com' }] });
    const listed = await withToken(reader.token, { method: 'GET', url: '/api/contracts' });
    expect(listed.json().items.map((item: { id: string }) => item.id)).toContain(id);

    const history = await ctx.database.db
      .select()
      .from(contractHistory)
      .where(eq(contractHistory.contractId, id));
    const sentEntry = history.find((entry) => entry.action === 'sent');
    expect(sentEntry?.userName).toBe('API token CRM sync');
    expect(sentEntry?.userId).toBe(admin.userId);
    expect(history.every((entry) => entry.userName === 'API token CRM sync')).toBe(true);
  });

  it('reaches the repository: key terms, search, its export, deadlines and the terms settings', async () => {
    const reader = await createToken(admin, { name: 'Repository reader', scope: 'read' });
    const writer = await createToken(admin, { name: 'Terms sync', scope: 'read-write' });
    const created = await withToken(writer.token, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'Token terms', content: sampleDocument('Delivery to Łódź.') },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const terms = {
      counterpartyCompany: 'Müller GmbH',
      duration: 'until',
      endOn: '2031-06-30',
      noticeDays: 30,
    };
    const set = await withToken(writer.token, {
      method: 'PATCH',
      url: `/api/contracts/${id}/terms`,
      json: terms,
    });
    expect(set.statusCode, set.body).toBe(200);
    const refused = await withToken(reader.token, {
      method: 'PATCH',
      url: `/api/contracts/${id}/terms`,
      json: { counterpartyCompany: 'Changed' },
    });
    expect(refused.statusCode).toBe(403);
    for (const url of [
      `/api/contracts/${id}/terms`,
      '/api/search?q=muller',
      '/api/search/export?q=muller&format=csv',
      '/api/deadlines?from=2031-01-01&to=2031-12-31',
      '/api/term-settings',
    ]) {
      const response = await withToken(reader.token, { method: 'GET', url });
      expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
    }
    const found = await withToken(reader.token, { method: 'GET', url: '/api/search?q=muller' });
    expect(found.json().items.map((item: { id: string }) => item.id)).toEqual([id]);
    const file = await withToken(reader.token, {
      method: 'GET',
      url: '/api/search/export?q=muller&format=csv',
    });
    expect(file.body).toContain('Müller GmbH');
    // A person's own settings stay theirs: saved views, reminders and the calendar feed.
    for (const request of [
      { method: 'GET', url: '/api/saved-views' },
      { method: 'GET', url: '/api/profile/deadline-reminders' },
      { method: 'POST', url: '/api/profile/calendar-feed' },
    ] as const) {
      const response = await withToken(writer.token, request);
      expect(response.statusCode, request.url).toBe(403);
    }
  });

  it('refuses every state-changing method to a read token, changing nothing', async () => {
    const reader = await createToken(admin, { name: 'Read only', scope: 'read' });
    const [existing] = await ctx.database.db
      .select({ id: contracts.id, title: contracts.title })
      .from(contracts)
      .where(eq(contracts.organizationId, admin.organizationId))
      .limit(1);
    if (!existing) throw new Error('The previous test made a contract');
    const before = await ctx.database.db.select({ id: contracts.id }).from(contracts);
    for (const request of [
      { method: 'POST', url: '/api/contracts', json: { title: 'Nope' } },
      { method: 'PATCH', url: `/api/contracts/${existing.id}`, json: { title: 'Renamed' } },
      { method: 'DELETE', url: `/api/contracts/${existing.id}` },
      { method: 'POST', url: `/api/contracts/${existing.id}/cancel`, json: { reason: 'no' } },
    ]) {
      const response = await withToken(reader.token, request);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(403);
      expect(response.json().error.code).toBe('FORBIDDEN');
    }
    expect(await ctx.database.db.select({ id: contracts.id }).from(contracts)).toHaveLength(before.length);
    const [after] = await ctx.database.db
      .select({ title: contracts.title })
      .from(contracts)
      .where(eq(contracts.id, existing.id));
    expect(after?.title).toBe(existing.title);
  });

  it("finds no other organization's contract", async () => {
    const theirs = await call(ctx, stranger, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'Theirs' },
    });
    expect(theirs.statusCode).toBe(201);
    const writer = await createToken(admin, { name: 'Nosy', scope: 'read-write' });
    const id = theirs.json().id as string;
    const read = await withToken(writer.token, { method: 'GET', url: `/api/contracts/${id}` });
    expect(read.statusCode).toBe(404);
    const send = await withToken(writer.token, {
      method: 'POST',
      url: `/api/contracts/${id}/send`,
      json: { sequential: false },
    });
    expect(send.statusCode).toBe(404);
    const list = await withToken(writer.token, { method: 'GET', url: '/api/contracts' });
    expect(list.json().items.map((item: { id: string }) => item.id)).not.toContain(id);
  });

  it('refuses routes meant for people, even with a signed-in cookie beside the token', async () => {
    const writer = await createToken(admin, { name: 'Everything', scope: 'read-write' });
    const sessionsBefore = await call(ctx, admin, { method: 'GET', url: '/api/profile/sessions' });
    for (const request of [
      { method: 'GET', url: '/api/auth/me' },
      { method: 'POST', url: '/api/auth/sign-out' },
      { method: 'POST', url: '/api/auth/sign-in', json: { email: admin.email, password: admin.password } },
      { method: 'GET', url: '/api/profile' },
      {
        method: 'POST',
        url: '/api/profile/password',
        json: { currentPassword: admin.password, newPassword: 'another long passphrase here' },
      },
      { method: 'GET', url: '/api/profile/sessions' },
      { method: 'DELETE', url: '/api/profile/sessions?others=true' },
      { method: 'GET', url: '/api/profile/two-factor' },
      { method: 'POST', url: '/api/profile/passkeys/options', json: {} },
      { method: 'GET', url: '/api/api-tokens' },
      { method: 'POST', url: '/api/api-tokens', json: { name: 'Child', scope: 'read-write' } },
      { method: 'DELETE', url: `/api/api-tokens/${writer.id}` },
      { method: 'GET', url: '/api/team' },
      { method: 'PUT', url: '/api/settings/two-factor', json: { required: false } },
      { method: 'GET', url: '/api/notifications' },
    ]) {
      const response = await withToken(writer.token, { ...request, headers: { cookie: admin.cookie } });
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(403);
      expect(response.json().error.message).toMatch(/API tokens cannot use this route/);
    }
    expect(await tokenRow(writer.id)).toBeDefined();
    // The cookie's session was not ended by any of them.
    const sessionsAfter = await call(ctx, admin, { method: 'GET', url: '/api/profile/sessions' });
    expect(sessionsAfter.json().items).toHaveLength(sessionsBefore.json().items.length);
    // Public routes that are not about accounts still answer, token or not.
    expect((await withToken(writer.token, { method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers a bad, revoked or expired token with the same 401', async () => {
    const soon = await createToken(admin, {
      name: 'Expiring',
      scope: 'read',
      expiresAt: new Date(nowMs() + 60_000).toISOString(),
    });
    expect((await withToken(soon.token, { method: 'GET', url: '/api/contracts' })).statusCode).toBe(200);
    // The clock is moved past the expiry, not waited for.
    advanceClock(60_001);
    const expired = await withToken(soon.token, { method: 'GET', url: '/api/contracts' }).finally(resetClock);
    expect(expired.statusCode).toBe(401);

    const revoked = await createToken(admin, { name: 'Revoked', scope: 'read' });
    await call(ctx, admin, { method: 'DELETE', url: `/api/api-tokens/${revoked.id}` });
    const lookalike = `pct_${'A'.repeat(43)}`;
    const answers = [
      expired,
      await withToken(revoked.token, { method: 'GET', url: '/api/contracts' }),
      await withToken(lookalike, { method: 'GET', url: '/api/contracts' }),
      await withToken('garbage', { method: 'GET', url: '/api/contracts' }),
      await withToken(soon.token.slice(0, -1), {
        method: 'POST',
        url: '/api/contracts',
        json: { title: 'x' },
      }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(401);
      expect(answer.headers['www-authenticate']).toBe('Bearer');
      expect(answer.json()).toEqual({
        error: { code: 'UNAUTHENTICATED', message: 'Invalid, expired or revoked API token' },
      });
    }
  });

  it('stops working when its creator is no longer an admin there', async () => {
    const second = await buildMember(ctx, admin);
    const promoted = await call(ctx, admin, {
      method: 'PATCH',
      url: `/api/team/members/${second.userId}`,
      json: { role: 'admin' },
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    const token = await createToken(second, { name: 'Theirs', scope: 'read' });
    expect((await withToken(token.token, { method: 'GET', url: '/api/contracts' })).statusCode).toBe(200);
    const demoted = await call(ctx, admin, {
      method: 'PATCH',
      url: `/api/team/members/${second.userId}`,
      json: { role: 'member' },
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect((await withToken(token.token, { method: 'GET', url: '/api/contracts' })).statusCode).toBe(401);
  });

  it('still refuses a cross-site cookie request, which a token request is not', async () => {
    const response = await call(ctx, admin, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'Forged' },
      headers: { origin: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('CROSS_ORIGIN_REQUEST');
  });

  it('notes the last use at most once a minute', async () => {
    const { id, token } = await createToken(admin, { name: 'Busy', scope: 'read' });
    await withToken(token, { method: 'GET', url: '/api/contracts' });
    const first = (await tokenRow(id))?.lastUsedAt;
    expect(first).toBeInstanceOf(Date);
    for (let i = 0; i < 3; i += 1) await withToken(token, { method: 'GET', url: '/api/dashboard' });
    expect((await tokenRow(id))?.lastUsedAt).toEqual(first);

    const origin = { secret: testSecret, token, ip: null, userAgent: null };
    if (!first) throw new Error('lastUsedAt was set above');
    await findTokenActor(ctx.database.db, origin, new Date(first.getTime() + lastUsedEveryMs - 1000));
    expect((await tokenRow(id))?.lastUsedAt).toEqual(first);
    const later = new Date(first.getTime() + lastUsedEveryMs);
    await findTokenActor(ctx.database.db, origin, later);
    expect((await tokenRow(id))?.lastUsedAt).toEqual(later);
  });

  it('rate-limits each token on its own, answering 429 with Retry-After', async () => {
    const limited = await buildTestApp(ctx.database, { apiTokenLimit: { limit: 3, windowMs: 60 * 60_000 } });
    try {
      const busy = await createToken(admin, { name: 'Chatty', scope: 'read' });
      const quiet = await createToken(admin, { name: 'Quiet', scope: 'read' });
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        statuses.push(
          (await withToken(busy.token, { method: 'GET', url: '/api/contracts' }, limited)).statusCode,
        );
      }
      expect(statuses).toEqual([200, 200, 200, 429]);
      const refused = await withToken(busy.token, { method: 'GET', url: '/api/contracts' }, limited);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('RATE_LIMITED');
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      expect(
        (await withToken(quiet.token, { method: 'GET', url: '/api/contracts' }, limited)).statusCode,
      ).toBe(200);
      // Refused requests count too: a route for people, or a change by a read token, each
      // cost a lookup, so a spent token gets 429 there as well.
      const refusedAnyway = await withToken(busy.token, { method: 'GET', url: '/api/team' }, limited);
      expect(refusedAnyway.statusCode).toBe(429);
      const spender = await createToken(admin, { name: 'Spender', scope: 'read' });
      const tries: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        tries.push(
          (await withToken(spender.token, { method: 'POST', url: '/api/contracts', json: {} }, limited))
            .statusCode,
        );
      }
      expect(tries).toEqual([403, 403, 403, 429]);
    } finally {
      await limited.close();
    }
  });

  it('answers 429 with Retry-After to an address that sent too many bad tokens, and only to it', async () => {
    const rule = { limit: 3, windowMs: 60 * 60_000 };
    // Held in one window: the count must not start again at the window's edge halfway through.
    holdClockInWindow(rule.windowMs);
    const limited = await buildTestApp(ctx.database, { badApiTokenLimit: rule });
    // A second process with the same database: the count is shared, its memory of limited addresses is not.
    const other = await buildTestApp(ctx.database, { badApiTokenLimit: rule });
    try {
      const good = await createToken(admin, { name: 'Integration', scope: 'read' });
      const guesser = '198.51.100.7';
      const neighbour = '198.51.100.8';
      const from = (remoteAddress: string, token: string, app: App = limited) =>
        withToken(token, { method: 'GET', url: '/api/contracts', remoteAddress }, app);
      const guess = (n: number) => `pct_${'G'.repeat(41)}${String(n).padStart(2, '0')}`;

      const statuses: number[] = [];
      for (let n = 0; n < 4; n += 1) statuses.push((await from(guesser, guess(n))).statusCode);
      expect(statuses).toEqual([401, 401, 401, 429]);
      const refused = await from(guesser, 'garbage');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error).toMatchObject({ code: 'RATE_LIMITED' });
      expect(refused.json().error.message).toMatch(/^Too many invalid API tokens from this address/);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(3600);
      // Past the limit the address's refused tokens get 429 until the window ends; a live token
      // from the same address (another client behind the same NAT) is still served.
      expect((await from(guesser, good.token)).statusCode).toBe(200);
      expect((await from(guesser, guess(8))).statusCode).toBe(429);
      // Another process knows it from the shared count at the address's next bad token.
      expect((await from(guesser, guess(9), other)).statusCode).toBe(429);
      expect((await from(guesser, good.token, other)).statusCode).toBe(200);

      // Other addresses are not affected: their bad tokens are 401, their good ones served.
      expect((await from(neighbour, guess(10))).statusCode).toBe(401);
      expect((await from(neighbour, good.token)).statusCode).toBe(200);
      expect((await from(neighbour, good.token, other)).statusCode).toBe(200);

      // Once the window has passed, the address's bad tokens are 401 again, in either process.
      advanceClock(rule.windowMs);
      expect((await from(guesser, guess(11))).statusCode).toBe(401);
      expect((await from(guesser, guess(12), other)).statusCode).toBe(401);
    } finally {
      resetClock();
      await limited.close();
      await other.close();
    }
  });
});

describe('a shared address', () => {
  it('still serves a live token from an address limited for sending 30 bad ones, counting no more of them', async () => {
    const good = await createToken(admin, { name: 'Office integration', scope: 'read' });
    const address = '203.0.113.77';
    const from = (token: string) =>
      withToken(token, { method: 'GET', url: '/api/contracts', remoteAddress: address });
    const bad = (n: number) => `pct_${'A'.repeat(39)}${String(n).padStart(4, '0')}`;
    // Held in one window, so the 32 bad tokens are counted in one window of the default limit.
    holdClockInWindow(defaultBadApiTokenLimit.windowMs);
    onTestFinished(resetClock);
    const statuses: number[] = [];
    for (let n = 0; n < 32; n += 1) statuses.push((await from(bad(n))).statusCode);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    expect(statuses.slice(30)).toEqual([429, 429]);
    const counted = async () =>
      (
        await ctx.database.db
          .select({ count: rateLimits.count })
          .from(rateLimits)
          .where(eq(rateLimits.key, `api-token:address:${address}`))
      ).reduce((sum, row) => sum + row.count, 0);
    const before = await counted();

    const served = await from(good.token);
    expect(served.statusCode, served.body).toBe(200);
    const refused = await from(bad(99));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('garbage')).statusCode).toBe(429);
    expect((await from(good.token)).statusCode).toBe(200);
    // Refused from the process's memory: neither the live nor the refused tokens were counted.
    expect(await counted()).toBe(before);
  });
});

describe('an organization that requires two-factor sign-in', () => {
  it('refuses the tokens of an admin who has no second factor, until they set one up', async () => {
    const bob = await buildAccount(ctx, { name: 'Bob Secure' });
    await enrollTotp(ctx, bob);
    const dave = await buildMember(ctx, bob);
    const promoted = await call(ctx, bob, {
      method: 'PATCH',
      url: `/api/team/members/${dave.userId}`,
      json: { role: 'admin' },
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    const token = await createToken(dave, { name: 'Dave sync', scope: 'read-write' });
    const contract = await withToken(token.token, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'Supply agreement', content: sampleDocument() },
    });
    expect(contract.statusCode, contract.body).toBe(201);
    const contractId = contract.json().id as string;
    const reads = ['/api/contracts', `/api/contracts/${contractId}`, '/api/dashboard'];
    for (const url of reads) {
      expect((await withToken(token.token, { method: 'GET', url })).statusCode, url).toBe(200);
    }

    const required = await call(ctx, bob, {
      method: 'PUT',
      url: '/api/settings/two-factor',
      json: { required: true },
    });
    expect(required.statusCode, required.body).toBe(200);
    expect((await call(ctx, dave, { method: 'GET', url: '/api/contracts' })).json().error.code).toBe(
      'TWO_FACTOR_SETUP_REQUIRED',
    );
    const refusals = [
      ...reads.map((url) => ({ method: 'GET', url })),
      { method: 'PATCH', url: `/api/contracts/${contractId}`, json: { title: 'Changed' } },
    ];
    for (const request of refusals) {
      const refused = await withToken(token.token, request);
      expect(refused.statusCode, request.url).toBe(403);
      expect(refused.json().error, request.url).toEqual({
        code: 'TWO_FACTOR_SETUP_REQUIRED',
        message:
          'The admin who created this API token must set up two-factor sign-in, which the organization requires: the token works again once they have (Profile, Security)',
      });
    }
    // Bob's own token is not affected.
    const bobs = await createToken(bob, { name: 'Bob sync', scope: 'read' });
    expect((await withToken(bobs.token, { method: 'GET', url: '/api/contracts' })).statusCode).toBe(200);

    // Once Dave has a second factor, his token works again.
    await enrollTotp(ctx, dave);
    for (const url of reads) {
      expect((await withToken(token.token, { method: 'GET', url })).statusCode, url).toBe(200);
    }
  });
});

describe('the API document', () => {
  it('declares the Bearer scheme beside the session cookie', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.components.securitySchemes).toMatchObject({
      session: { type: 'apiKey', in: 'cookie', name: 'pactum_session' },
      apiToken: { type: 'http', scheme: 'bearer' },
    });
    expect(document.security).toEqual([{ session: [] }, { apiToken: [] }]);
    expect(Object.keys(document.paths['/api/api-tokens'])).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/api/api-tokens/{id}'])).toEqual(['delete']);
  });
});
