import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { advanceClock, resetClock } from '../../src/server/clock';
import { contractHistory, organizations, signers, signingLinks } from '../../src/server/db/schema';
import { withMail } from '../support/background';
import { latestTokenFor, openLink, signAs } from '../support/signing';
import {
  buildAccount,
  buildMember,
  buildTestApp,
  call,
  sampleDocument,
  type TestAccount,
  testApp,
} from '../support/test-app';

// Embedded signing, tried by someone who should not reach it: another organization's contracts
// and signers, recipients who are not embedded or not at their turn, origins dressed up as the
// allowed one, tampered frame parameters, used and expired links, cookies replayed across signers
// and sent by other sites, and the settings from members and tokens. Each must be refused with
// nothing changed: the signers, their links, the history and the organization's origins.

const ctx = await testApp();
const { peer, background } = await withMail(ctx);
const db = ctx.database.db;
const admin = await buildAccount(ctx, { name: 'Embed Admin' });
const stranger = await buildAccount(ctx, { name: 'Stan Stranger' });
const web = mkdtempSync(join(tmpdir(), 'pactum-embed-attacks-'));
writeFileSync(join(web, 'index.html'), '<!doctype html><div id="root"></div>');
const pages = await buildTestApp(ctx.database, {}, { webDistDir: web });
afterAll(async () => {
  await pages.close();
  rmSync(web, { recursive: true, force: true });
});
afterEach(() => resetClock());

const host = 'https://app.example.com';
const idn = 'https://xn--bcher-kva.example';

async function setOrigins(account: TestAccount, origins: string[]) {
  const response = await call(ctx, account, {
    method: 'PUT',
    url: '/api/settings/embedding',
    json: { origins },
  });
  expect(response.statusCode, response.body).toBe(200);
}
await setOrigins(admin, [host, 'https://bücher.example']);
await setOrigins(stranger, ['https://evil.example']);

let counter = 0;
/** A sent contract: Eve embedded, Max by e-mail, and (in order) Ivy embedded after them. */
async function embeddedContract(account: TestAccount, options: { sequential?: boolean } = {}) {
  counter += 1;
  const created = await call(ctx, account, {
    method: 'POST',
    url: '/api/contracts',
    json: {
      title: 'Rental agreement',
      content: sampleDocument(),
      signers: [
        { name: 'Embedded Eve', email: `eve-${counter}@example.com`, embedded: true, signingOrder: 1 },
        { name: 'Mailed Max', email: `max-${counter}@example.com`, signingOrder: 1 },
        { name: 'Later Ivy', email: `ivy-${counter}@example.com`, embedded: true, signingOrder: 2 },
      ],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const contract = created.json();
  const sent = await call(ctx, account, {
    method: 'POST',
    url: `/api/contracts/${contract.id}/send`,
    json: { sequential: options.sequential ?? true },
  });
  expect(sent.statusCode, sent.body).toBe(200);
  await background.drain();
  return {
    id: contract.id as string,
    eve: contract.signers[0].id as string,
    max: contract.signers[1].id as string,
    ivy: contract.signers[2].id as string,
    maxEmail: `max-${counter}@example.com`,
  };
}

const embedUrl = (account: TestAccount, contractId: string, signerId: string, origin?: string) =>
  call(ctx, account, {
    method: 'POST',
    url: `/api/contracts/${contractId}/signers/${signerId}/embed`,
    json: origin === undefined ? {} : { origin },
  });

const tokenOf = (url: string) => new URL(url).pathname.split('/').at(-1) as string;

/** Everything an attack could change on a contract: its signers, their links and its history. */
async function stateOf(contractId: string) {
  await background.drain();
  const rows = await db
    .select({
      id: signers.id,
      status: signers.status,
      signedAt: signers.signedAt,
      viewedAt: signers.viewedAt,
    })
    .from(signers)
    .where(eq(signers.contractId, contractId));
  const links = await db
    .select({ id: signingLinks.id, purpose: signingLinks.purpose, usedAt: signingLinks.usedAt })
    .from(signingLinks)
    .where(
      inArray(
        signingLinks.signerId,
        rows.map((row) => row.id),
      ),
    );
  const history = await db
    .select({ id: contractHistory.id })
    .from(contractHistory)
    .where(eq(contractHistory.contractId, contractId));
  return {
    signers: rows.sort((a, b) => a.id.localeCompare(b.id)),
    links: links.sort((a, b) => a.id.localeCompare(b.id)),
    history: history.length,
  };
}

async function embedLinksOf(signerId: string) {
  return db
    .select({ id: signingLinks.id })
    .from(signingLinks)
    .where(and(eq(signingLinks.signerId, signerId), eq(signingLinks.purpose, 'embed')));
}

async function openEmbedded(url: string) {
  const opened = await call(ctx, null, {
    method: 'POST',
    url: '/api/signing/sessions',
    json: { token: tokenOf(url) },
  });
  expect(opened.statusCode, opened.body).toBe(200);
  const cookie = opened.cookies.find((c) => c.name.startsWith('pactum_sign_embedded_'));
  if (!cookie) throw new Error('No embedded signing cookie');
  return { name: cookie.name, value: cookie.value };
}

/** The frame-ancestors directives of a page's CSP. */
function frameAncestors(headers: Record<string, unknown>): string[] {
  return String(headers['content-security-policy'] ?? '')
    .split(/[;,]/)
    .map((directive) => directive.trim())
    .filter((directive) => directive.startsWith('frame-ancestors'));
}

describe('embedded signing attacks', () => {
  it("answers another organization's contract and signer as missing, and makes no link", async () => {
    const contract = await embeddedContract(admin, { sequential: false });
    const before = await stateOf(contract.id);
    expect((await embedUrl(stranger, contract.id, contract.eve, 'https://evil.example')).statusCode).toBe(
      404,
    );
    expect((await embedUrl(stranger, contract.id, contract.eve)).statusCode).toBe(404);
    // Their own contract's id with this organization's signer.
    const theirs = await embeddedContract(stranger, { sequential: false });
    const mixed = await embedUrl(stranger, theirs.id, contract.eve, 'https://evil.example');
    expect(mixed.statusCode).toBe(404);
    // This organization's contract with their signer.
    expect((await embedUrl(admin, contract.id, theirs.eve, host)).statusCode).toBe(404);
    expect(await embedLinksOf(theirs.eve)).toEqual([]);
    expect(await stateOf(contract.id)).toEqual(before);
  });

  it('gives no URL for an e-mail recipient, one not at their turn, one who acted, a template or a canceled contract', async () => {
    const contract = await embeddedContract(admin);
    const before = await stateOf(contract.id);
    const mailed = await embedUrl(admin, contract.id, contract.max, host);
    expect(mailed.statusCode).toBe(400);
    expect(mailed.json().error.message).toContain('is invited by e-mail');
    const early = await embedUrl(admin, contract.id, contract.ivy, host);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toContain('not their turn');
    expect(await stateOf(contract.id)).toEqual(before);

    // Eve declines: no URL for her again.
    const browser = await openEmbedded((await embedUrl(admin, contract.id, contract.eve, host)).json().url);
    const declined = await call(ctx, null, {
      method: 'POST',
      url: `/api/signing/${contract.eve}/decline`,
      headers: { cookie: `${browser.name}=${browser.value}` },
      json: { reason: 'No thanks' },
    });
    expect(declined.statusCode, declined.body).toBeLessThan(300);
    const after = await stateOf(contract.id);
    expect((await embedUrl(admin, contract.id, contract.eve, host)).statusCode).toBe(409);
    expect((await embedUrl(admin, contract.id, contract.ivy, host)).statusCode).toBe(409);
    expect(await stateOf(contract.id)).toEqual(after);

    const template = await call(ctx, admin, {
      method: 'POST',
      url: '/api/contracts',
      json: {
        title: 'Template',
        isTemplate: true,
        content: sampleDocument(),
        signers: [{ name: 'Eve', email: 'eve-template@example.com', embedded: true }],
      },
    });
    expect(template.statusCode, template.body).toBe(201);
    const templateSigner = template.json().signers[0].id as string;
    expect((await embedUrl(admin, template.json().id, templateSigner, host)).statusCode).toBe(404);
    expect(await embedLinksOf(templateSigner)).toEqual([]);

    const draft = await call(ctx, admin, {
      method: 'POST',
      url: '/api/contracts',
      json: {
        title: 'Draft',
        content: sampleDocument(),
        signers: [{ name: 'Draft Eve', email: 'eve-draft@example.com', embedded: true }],
      },
    });
    const draftSigner = draft.json().signers[0].id as string;
    expect((await embedUrl(admin, draft.json().id, draftSigner, host)).statusCode).toBe(409);
    expect(await embedLinksOf(draftSigner)).toEqual([]);

    const other = await embeddedContract(admin, { sequential: false });
    const canceled = await call(ctx, admin, {
      method: 'POST',
      url: `/api/contracts/${other.id}/cancel`,
      json: { reason: 'Called off' },
    });
    expect(canceled.statusCode, canceled.body).toBeLessThan(300);
    expect((await embedUrl(admin, other.id, other.eve, host)).statusCode).toBe(409);
    expect(await embedLinksOf(other.eve)).toEqual([]);
  });

  it('refuses every origin dressed up as an allowed one, and takes the allowed one however it is typed', async () => {
    const contract = await embeddedContract(admin, { sequential: false });
    const refused = [
      'https://app.example.com.evil.com',
      'https://app.example.com@evil.com',
      'https://evil.com\\@app.example.com',
      'https://evil.com#https://app.example.com',
      'https://evil.com/?o=https://app.example.com',
      'https://app.example.com%2F@evil.com',
      'https://app.example.com.',
      'https://app.example.com:8443',
      'http://app.example.com',
      'wss://app.example.com',
      'null',
      '',
      ' ',
      'javascript:alert(1)//https://app.example.com',
      'data:text/html,https://app.example.com',
      'https://bucher.example',
      'https://evil.example',
    ];
    for (const origin of refused) {
      const response = await embedUrl(admin, contract.id, contract.eve, origin);
      expect([origin, response.statusCode]).toEqual([origin, 400]);
    }
    expect(await embedLinksOf(contract.eve)).toEqual([]);
    const accepted: [string, string][] = [
      ['HTTPS://APP.EXAMPLE.COM', host],
      ['https://app.example.com:443', host],
      ['https://app.example.com/some/page?x=1#y', host],
      ['  https://app.example.com  ', host],
      ['https://bücher.example', idn],
      [idn, idn],
    ];
    for (const [typed, origin] of accepted) {
      const response = await embedUrl(admin, contract.id, contract.eve, typed);
      expect([typed, response.statusCode]).toEqual([typed, 200]);
      expect(response.json().origin).toBe(origin);
      expect(new URL(response.json().url).searchParams.getAll('origin')).toEqual([origin]);
      expect(response.headers['cache-control']).toBe('no-store');
    }
    // With two origins listed, one must be named.
    const unnamed = await embedUrl(admin, contract.id, contract.eve);
    expect(unnamed.statusCode).toBe(400);
    expect(await embedLinksOf(contract.eve)).toHaveLength(accepted.length);
  });

  it("frames the page only for the origin its token allows, whatever is done to the page's origin parameter", async () => {
    const contract = await embeddedContract(admin, { sequential: false });
    const { url } = (await embedUrl(admin, contract.id, contract.eve, host)).json();
    const path = new URL(url).pathname;
    const framed = await pages.inject({ url: `${path}?origin=${encodeURIComponent(host)}` });
    expect(frameAncestors(framed.headers)).toEqual([`frame-ancestors ${host}`]);
    const closed = ["frame-ancestors 'none'"];
    const tampered = [
      `?origin=${encodeURIComponent('https://evil.example')}&origin=${encodeURIComponent(host)}`,
      `?origin=${encodeURIComponent(`${host}\r\nX-Injected: 1`)}`,
      `?origin=${encodeURIComponent(`${host}; script-src *`)}`,
      `?origin=${encodeURIComponent(`${host};script-src`)}`,
      `?origin=${encodeURIComponent(`${host}%3Bscript-src`)}`,
      `?origin=${encodeURIComponent(`${host} https://evil.example`)}`,
      `?origin=${encodeURIComponent(`${host},https://evil.example`)}`,
      `?origin=${encodeURIComponent(`${host}@evil.example`)}`,
      `?origin=${encodeURIComponent('https://evil.example')}`,
      '?origin=null',
      '?origin=*',
      `?origin=${encodeURIComponent("'self'")}`,
      '',
    ];
    for (const query of tampered) {
      const page = await pages.inject({ url: `${path}${query}` });
      expect([query, frameAncestors(page.headers)]).toEqual([query, closed]);
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['x-injected']).toBeUndefined();
    }
    // The allowed origin first and another after: framed by the allowed one alone.
    const second = await pages.inject({
      url: `${path}?origin=${encodeURIComponent(host)}&origin=${encodeURIComponent('https://evil.example')}`,
    });
    expect(frameAncestors(second.headers)).toEqual([`frame-ancestors ${host}`]);
    // A path with the allowed origin but anything after it: cut to the origin, nothing injected.
    const withPath = await pages.inject({
      url: `${path}?origin=${encodeURIComponent(`${host}/;script-src *;frame-ancestors *`)}`,
    });
    expect(frameAncestors(withPath.headers)).toEqual([`frame-ancestors ${host}`]);
    expect(String(withPath.headers['content-security-policy'])).not.toContain('*');
    // The same token on other paths, and other tokens on this one, are never framed.
    for (const other of [
      `${path}/?origin=${encodeURIComponent(host)}`,
      `${path.toUpperCase()}?origin=${encodeURIComponent(host)}`,
      `/sign/${tokenOf(url)}?origin=${encodeURIComponent(host)}`,
      `/embed/p/${tokenOf(url)}?origin=${encodeURIComponent(host)}`,
    ]) {
      const page = await pages.inject({ url: other });
      expect([other, frameAncestors(page.headers)]).toEqual([other, closed]);
    }
    // An e-mailed signing link's token is no embed token.
    const mailed = latestTokenFor(peer, contract.maxEmail);
    const mailedPage = await pages.inject({
      url: `/embed/sign/${mailed}?origin=${encodeURIComponent(host)}`,
    });
    expect(frameAncestors(mailedPage.headers)).toEqual(closed);
    // Another organization's origin is not this token's.
    const evil = await pages.inject({ url: `${path}?origin=${encodeURIComponent('https://evil.example')}` });
    expect(frameAncestors(evil.headers)).toEqual(closed);
  });

  it('opens one session per URL even when opened many times at once, and none after ten minutes', async () => {
    const contract = await embeddedContract(admin, { sequential: false });
    const { url } = (await embedUrl(admin, contract.id, contract.eve, host)).json();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(ctx, null, { method: 'POST', url: '/api/signing/sessions', json: { token: tokenOf(url) } }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 410, 410, 410, 410, 410]);
    const late = (await embedUrl(admin, contract.id, contract.eve, host)).json().url;
    advanceClock(10 * 60 * 1000 + 1000);
    const expired = await call(ctx, null, {
      method: 'POST',
      url: '/api/signing/sessions',
      json: { token: tokenOf(late) },
    });
    expect(expired.statusCode).toBe(410);
    const [link] = await db
      .select()
      .from(signingLinks)
      .where(
        eq(
          signingLinks.tokenHash,
          (await import('../../src/server/services/signing/link-token')).hashLinkToken(tokenOf(late)),
        ),
      );
    expect(link?.usedAt).toBeNull();
  });

  it("keeps an embedded session's cookie to its own signer, and refuses it to another site's requests", async () => {
    const contract = await embeddedContract(admin, { sequential: false });
    const browser = await openEmbedded((await embedUrl(admin, contract.id, contract.eve, host)).json().url);
    const maxBrowser = await openLink(ctx, latestTokenFor(peer, contract.maxEmail));
    const before = await stateOf(contract.id);
    const suffix = (id: string) => id.replaceAll('-', '');
    // Eve's cookie under Max's names, and Max's under Eve's: neither reaches the other signer.
    for (const cookie of [
      `pactum_sign_embedded_${suffix(contract.max)}=${browser.value}`,
      `pactum_sign_${suffix(contract.max)}=${browser.value}`,
    ]) {
      const view = await call(ctx, null, {
        method: 'GET',
        url: `/api/signing/${contract.max}`,
        headers: { cookie },
      });
      expect([cookie.split('=')[0], view.statusCode]).toEqual([cookie.split('=')[0], 401]);
      const signed = await signAs(
        ctx,
        { signerId: contract.max, cookie, state: 'ready' },
        { fullName: 'Mallory' },
      );
      expect(signed.statusCode).toBe(401);
    }
    const maxValue = maxBrowser.cookie.split('=')[1];
    const asEve = `pactum_sign_embedded_${suffix(contract.eve)}=${maxValue}`;
    expect(
      (
        await call(ctx, null, {
          method: 'GET',
          url: `/api/signing/${contract.eve}`,
          headers: { cookie: asEve },
        })
      ).statusCode,
    ).toBe(401);
    // Another organization's signer with this cookie.
    const theirs = await embeddedContract(stranger, { sequential: false });
    expect(
      (
        await call(ctx, null, {
          method: 'GET',
          url: `/api/signing/${theirs.eve}`,
          headers: { cookie: `pactum_sign_embedded_${suffix(theirs.eve)}=${browser.value}` },
        })
      ).statusCode,
    ).toBe(401);

    // Another site's page may send the cookie with a read, but never read the answer.
    const read = await call(ctx, null, {
      method: 'GET',
      url: `/api/signing/${contract.eve}`,
      headers: { cookie: `${browser.name}=${browser.value}`, 'sec-fetch-site': 'cross-site', origin: host },
    });
    expect(read.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
    expect(read.headers['access-control-allow-credentials']).toBeUndefined();
    // Every change, sent with the SameSite=None cookie by another site's page, is refused.
    const cookie = `${browser.name}=${browser.value}`;
    const foreign: Record<string, string>[] = [
      { origin: host },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: 'http://localhost:3000.evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: host, authorization: 'Bearer not-a-token' },
      { 'sec-fetch-site': 'cross-site', authorization: 'Bearer not-a-token' },
    ];
    const changes: [string, unknown][] = [
      ['sign', { fields: { fullName: 'Forged' } }],
      ['decline', { reason: 'Declined by another site' }],
      ['delegate', { name: 'Mallory', email: 'mallory@evil.example', reason: 'x' }],
      ['email-code', {}],
      ['email-code/confirm', { code: '123456' }],
      ['access-code', { code: 'guess' }],
      ['approve', {}],
    ];
    for (const headers of foreign) {
      for (const [action, json] of changes) {
        const response = await call(ctx, null, {
          method: 'POST',
          url: `/api/signing/${contract.eve}/${action}`,
          headers: { cookie, ...headers },
          json,
        });
        expect([JSON.stringify(headers), action, response.statusCode]).toEqual([
          JSON.stringify(headers),
          action,
          403,
        ]);
        expect(response.json().error.code).toBe('CROSS_ORIGIN_REQUEST');
      }
      const session = await call(ctx, null, {
        method: 'POST',
        url: '/api/signing/sessions',
        headers,
        json: { token: 'x'.repeat(43) },
      });
      expect(session.statusCode).toBe(403);
    }
    expect(await stateOf(contract.id)).toEqual(before);
    // From Pactum's own page, the same cookie signs.
    const signed = await signAs(
      ctx,
      { signerId: contract.eve, cookie, state: 'ready' },
      { fullName: 'Embedded Eve' },
    );
    expect(signed.statusCode, signed.body).toBe(204);
  });

  it('keeps the origins to admins in a session, at most ten, each a real web origin, and away from tokens', async () => {
    const [before] = await db
      .select({ origins: organizations.embedOrigins })
      .from(organizations)
      .where(eq(organizations.id, admin.organizationId));
    const member = await buildMember(ctx, admin);
    expect(
      (
        await call(ctx, member, {
          method: 'PUT',
          url: '/api/settings/embedding',
          json: { origins: ['https://evil.example'] },
        })
      ).statusCode,
    ).toBe(403);
    for (const scope of ['read', 'read-write'] as const) {
      const token = (
        await call(ctx, admin, {
          method: 'POST',
          url: '/api/api-tokens',
          json: { name: `embed ${scope}`, scope },
        })
      ).json().token as string;
      for (const method of ['GET', 'PUT'] as const) {
        const response = await ctx.app.inject({
          method,
          url: '/api/settings/embedding',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          ...(method === 'PUT' ? { payload: JSON.stringify({ origins: ['https://evil.example'] }) } : {}),
        });
        expect([scope, method, response.statusCode]).toEqual([scope, method, 403]);
      }
    }
    const eleven = Array.from({ length: 11 }, (_, index) => `https://app${index}.example.com`);
    const refused: unknown[] = [
      eleven,
      ['https://user:secret@app.example.com'],
      ['http://app.example.com'],
      ['javascript:alert(1)'],
      ['null'],
      ['*'],
      ["'self'"],
      ['https://*.example.com'],
      ['https://*'],
      ['https://*:443'],
      [`https://${'a'.repeat(300)}.example`],
      ['https://app.example.com%3Bscript-src'],
      ['https://app.example.com%2Cevil.example'],
      ['https://app.example.com%3Bframe-ancestors'],
      'https://app.example.com',
      [42],
    ];
    for (const origins of refused) {
      const response = await call(ctx, admin, {
        method: 'PUT',
        url: '/api/settings/embedding',
        json: { origins },
      });
      expect([JSON.stringify(origins).slice(0, 80), response.statusCode]).toEqual([
        JSON.stringify(origins).slice(0, 80),
        400,
      ]);
    }
    // From another site's page, with the admin's own session: refused.
    const forged = await call(ctx, admin, {
      method: 'PUT',
      url: '/api/settings/embedding',
      headers: { origin: 'https://evil.example' },
      json: { origins: ['https://evil.example'] },
    });
    expect(forged.statusCode).toBe(403);
    const [after] = await db
      .select({ origins: organizations.embedOrigins })
      .from(organizations)
      .where(eq(organizations.id, admin.organizationId));
    expect(after).toEqual(before);
  });
});
