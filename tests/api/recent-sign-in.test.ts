import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { nowMs } from '../../src/server/clock';
import { apiTokens, mailMessages, organizations, webhookEndpoints } from '../../src/server/db/schema';
import { withMail } from '../support/background';
import { CookieBrowser } from '../support/cookie-browser';
import { ageSession, codeAt, enrollTotp } from '../support/second-factor';
import { buildAccount, buildMember, call, type TestAccount, testApp } from '../support/test-app';

let addressCounter = 0;

// Webhook receivers on 127.0.0.1 are allowed, so no DNS is involved.
const ctx = await testApp({ webhookTargets: { allowPrivate: true } });
const { peer, background } = await withMail(ctx);

/** A full sign-in again, password then the app's code, in a browser of its own. */
async function signInAgain(account: TestAccount, totpSecret: string): Promise<CookieBrowser> {
  addressCounter += 1;
  const browser = new CookieBrowser(ctx, `198.51.100.${addressCounter}`);
  const first = await browser.post('/api/auth/sign-in', { email: account.email, password: account.password });
  expect(first.statusCode, first.body).toBe(202);
  const second = await browser.post('/api/auth/two-factor', { code: codeAt(totpSecret, nowMs()) });
  expect(second.statusCode, second.body).toBe(200);
  return browser;
}

function expectRecentSignInRequired(response: LightMyRequestResponse, what: string) {
  expect(response.statusCode, `${what}: ${response.body}`).toBe(403);
  expect(response.json().error.code, what).toBe('RECENT_SIGN_IN_REQUIRED');
  expect(response.json().error.message, what).toMatch(/^For your security, sign out and sign in again/);
}

async function securityNotices(organizationId: string) {
  const rows = await ctx.database.db
    .select({ to: mailMessages.toEmail, params: mailMessages.params })
    .from(mailMessages)
    .where(and(eq(mailMessages.organizationId, organizationId), eq(mailMessages.kind, 'security_change')));
  return rows.filter((row) => row.params.change !== 'totp-on');
}

describe('what a session left open cannot do', () => {
  it('makes no admin, lifts no approval rule and drops no sealing certificate', async () => {
    const admin = await buildAccount(ctx, { name: 'Olga Admin' });
    const { secret: totpSecret } = await enrollTotp(ctx, admin);
    const member = await buildMember(ctx, admin);
    const rule = await call(ctx, admin, {
      method: 'POST',
      url: '/api/approval-rules',
      json: { projectId: null, approverIds: [admin.userId] },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const ruleId = rule.json().items[0].id as string;

    await ageSession(ctx, admin);
    const attempts = {
      inviteAdmin: () =>
        call(ctx, admin, {
          method: 'POST',
          url: '/api/team/invitations',
          json: { email: 'stale-attacker@example.net', role: 'admin' },
        }),
      promote: () =>
        call(ctx, admin, {
          method: 'PATCH',
          url: `/api/team/members/${member.userId}`,
          json: { role: 'admin' },
        }),
      loosenRule: () =>
        call(ctx, admin, {
          method: 'PUT',
          url: `/api/approval-rules/${ruleId}`,
          json: { anyAdmin: false, approverIds: [member.userId] },
        }),
      removeRule: () => call(ctx, admin, { method: 'DELETE', url: `/api/approval-rules/${ruleId}` }),
      removeCertificate: () =>
        call(ctx, admin, { method: 'DELETE', url: '/api/settings/sealing-certificate' }),
    };
    for (const [what, attempt] of Object.entries(attempts)) expectRecentSignInRequired(await attempt(), what);
    // Inviting a member stays an everyday step.
    const memberInvite = await call(ctx, admin, {
      method: 'POST',
      url: '/api/team/invitations',
      json: { email: 'new-colleague@example.net', role: 'member' },
    });
    expect(memberInvite.statusCode, memberInvite.body).toBe(201);
    const team = (await call(ctx, admin, { method: 'GET', url: '/api/team' })).json();
    expect(JSON.stringify(team)).not.toContain('stale-attacker@example.net');
    expect((await call(ctx, admin, { method: 'GET', url: '/api/approval-rules' })).json().items).toHaveLength(
      1,
    );

    const fresh = await signInAgain(admin, totpSecret);
    const promoted = await fresh.call({
      method: 'PATCH',
      url: `/api/team/members/${member.userId}`,
      json: { role: 'admin' },
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    const removed = await fresh.call({ method: 'DELETE', url: `/api/approval-rules/${ruleId}` });
    expect(removed.statusCode, removed.body).toBe(204);
  });

  it('creates no API token, webhook endpoint or new webhook target, and keeps two-factor required', async () => {
    const admin = await buildAccount(ctx, { name: 'Bob Admin' });
    const { secret: totpSecret } = await enrollTotp(ctx, admin);
    const required = await call(ctx, admin, {
      method: 'PUT',
      url: '/api/settings/two-factor',
      json: { required: true },
    });
    expect(required.statusCode, required.body).toBe(200);
    const made = await call(ctx, admin, {
      method: 'POST',
      url: '/api/webhooks',
      json: { url: 'http://127.0.0.1:9/first' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const endpoint = made.json() as { id: string };
    const before = await securityNotices(admin.organizationId);

    // The session was signed in to 16 minutes ago, and left open.
    await ageSession(ctx, admin);
    const attempts = {
      token: () =>
        call(ctx, admin, {
          method: 'POST',
          url: '/api/api-tokens',
          json: { name: 'Backdoor', scope: 'read-write' },
        }),
      webhook: () =>
        call(ctx, admin, {
          method: 'POST',
          url: '/api/webhooks',
          json: { url: 'http://127.0.0.1:9/exfiltrate' },
        }),
      target: () =>
        call(ctx, admin, {
          method: 'PATCH',
          url: `/api/webhooks/${endpoint.id}`,
          json: { url: 'http://127.0.0.1:9/exfiltrate' },
        }),
      rotate: () => call(ctx, admin, { method: 'POST', url: `/api/webhooks/${endpoint.id}/secret` }),
      twoFactorOff: () =>
        call(ctx, admin, { method: 'PUT', url: '/api/settings/two-factor', json: { required: false } }),
    };
    for (const [what, attempt] of Object.entries(attempts)) expectRecentSignInRequired(await attempt(), what);

    // Nothing changed, nobody was mailed, and what needs no fresh sign-in still works.
    const tokens = await ctx.database.db
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.organizationId, admin.organizationId));
    expect(tokens).toEqual([]);
    const endpoints = await ctx.database.db
      .select({ url: webhookEndpoints.url })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.organizationId, admin.organizationId));
    expect(endpoints).toEqual([{ url: 'http://127.0.0.1:9/first' }]);
    const [organization] = await ctx.database.db
      .select({ required: organizations.requireTwoFactor })
      .from(organizations)
      .where(eq(organizations.id, admin.organizationId));
    expect(organization?.required).toBe(true);
    expect(await securityNotices(admin.organizationId)).toEqual(before);
    const toggled = await call(ctx, admin, {
      method: 'PATCH',
      url: `/api/webhooks/${endpoint.id}`,
      json: { enabled: false },
    });
    expect(toggled.statusCode, toggled.body).toBe(200);
    expect((await call(ctx, admin, { method: 'GET', url: '/api/api-tokens' })).statusCode).toBe(200);

    // Signed in again, each is allowed.
    const fresh = await signInAgain(admin, totpSecret);
    const token = await fresh.post('/api/api-tokens', { name: 'CRM sync', scope: 'read-write' });
    expect(token.statusCode, token.body).toBe(201);
    expect((await fresh.post('/api/webhooks', { url: 'http://127.0.0.1:9/second' })).statusCode).toBe(201);
    const moved = await fresh.call({
      method: 'PATCH',
      url: `/api/webhooks/${endpoint.id}`,
      json: { url: 'http://127.0.0.1:9/moved' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await fresh.post(`/api/webhooks/${endpoint.id}/secret`)).statusCode).toBe(200);
    const off = await fresh.call({
      method: 'PUT',
      url: '/api/settings/two-factor',
      json: { required: false },
    });
    expect(off.statusCode, off.body).toBe(200);
  });
});

describe('security notices', () => {
  it('tells the creator which token was made, what it may do and until when', async () => {
    const admin = await buildAccount(ctx, { name: 'Dana Admin' });
    const expiresAt = '2031-03-01T12:00:00.000Z';
    const created = await call(ctx, admin, {
      method: 'POST',
      url: '/api/api-tokens',
      json: { name: 'Billing export', scope: 'read-write', expiresAt },
    });
    expect(created.statusCode, created.body).toBe(201);
    await call(ctx, admin, {
      method: 'POST',
      url: '/api/api-tokens',
      json: { name: 'Dashboard', scope: 'read' },
    });
    const notices = await securityNotices(admin.organizationId);
    expect(
      notices.map(({ to, params }) => [to, params.change, params.detail, params.scope, params.expiresAt]),
    ).toEqual([
      [admin.email, 'api-token-created', 'Billing export', 'read-write', expiresAt],
      [admin.email, 'api-token-created', 'Dashboard', 'read', ''],
    ]);
    expect(JSON.stringify(notices)).not.toContain(created.json().token);

    await background.drain();
    const mails = peer.to(admin.email).filter((mail) => mail.subject?.startsWith('An API token was created'));
    expect(mails).toHaveLength(2);
    const texts = mails.map((mail) => mail.text ?? '').join('\n');
    expect(texts).toContain('The API token "Billing export" was created with your account');
    expect(texts).toContain(
      "read and change the organization's contracts with your rights until Sat, 01 Mar 2031 12:00:00 GMT",
    );
    expect(texts).toContain('The API token "Dashboard" was created');
    expect(texts).toContain("read the organization's contracts with your rights and never expires");
    expect(texts).toContain('/settings/developers#api-tokens');
    expect(texts).not.toContain(created.json().token);
  });

  it('tells every admin when two-factor sign-in stops being required or events go to a new endpoint', async () => {
    const organizationName = 'Erin Works';
    const admin = await buildAccount(ctx, { name: 'Erin Admin', organizationName });
    await enrollTotp(ctx, admin);
    const other = await buildMember(ctx, admin);
    const member = await buildMember(ctx, admin);
    await call(ctx, admin, {
      method: 'PATCH',
      url: `/api/team/members/${other.userId}`,
      json: { role: 'admin' },
    });
    await call(ctx, admin, { method: 'PUT', url: '/api/settings/two-factor', json: { required: true } });
    const off = await call(ctx, admin, {
      method: 'PUT',
      url: '/api/settings/two-factor',
      json: { required: false },
    });
    expect(off.statusCode, off.body).toBe(200);
    // Turning off what is already off changes nothing and tells nobody.
    await call(ctx, admin, { method: 'PUT', url: '/api/settings/two-factor', json: { required: false } });
    const added = await call(ctx, admin, {
      method: 'POST',
      url: '/api/webhooks',
      json: { url: 'http://127.0.0.1:9/events' },
    });
    expect(added.statusCode, added.body).toBe(201);

    const notices = await securityNotices(admin.organizationId);
    const sent = notices.map(({ to, params }) => [to, params.change, params.detail]).sort();
    expect(sent).toEqual(
      [
        [admin.email, 'two-factor-requirement-off', ''],
        [other.email, 'two-factor-requirement-off', ''],
        [admin.email, 'webhook-added', 'http://127.0.0.1:9/events'],
        [other.email, 'webhook-added', 'http://127.0.0.1:9/events'],
      ].sort(),
    );
    expect(notices.some(({ to }) => to === member.email)).toBe(false);

    await background.drain();
    const toOther = peer.to(other.email);
    expect(toOther.map((mail) => mail.subject ?? '').sort()).toEqual([
      `Contract events of ${organizationName} now go to a new webhook endpoint`,
      `Two-factor sign-in is no longer required in ${organizationName}`,
    ]);
    const texts = toOther.map((mail) => mail.text ?? '').join('\n');
    expect(texts).toContain(`Erin Admin (${admin.email}) turned off the two-factor sign-in requirement`);
    expect(texts).toContain(
      `Erin Admin (${admin.email}) added a webhook endpoint to http://127.0.0.1:9/events`,
    );
    // Each leads to its own section of the settings.
    expect(texts).toContain('/settings/security#two-factor');
    expect(texts).toContain('/settings/developers#webhooks');
  });
});
