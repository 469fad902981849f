import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { advanceClock, resetClock } from '../../src/server/clock';
import { withMail } from '../support/background';
import { signAs } from '../support/signing';
import {
  buildAccount,
  buildMember,
  buildTestApp,
  call,
  sampleDocument,
  type TestAccount,
  testApp,
} from '../support/test-app';

const ctx = await testApp();
const { peer, background } = await withMail(ctx);
const admin = await buildAccount(ctx);
const stranger = await buildAccount(ctx);
const web = mkdtempSync(join(tmpdir(), 'pactum-embed-web-'));
writeFileSync(join(web, 'index.html'), '<!doctype html><div id="root"></div>');
const pages = await buildTestApp(ctx.database, {}, { webDistDir: web });
afterAll(async () => {
  await pages.close();
  rmSync(web, { recursive: true, force: true });
});
afterEach(() => resetClock());

const host = 'https://app.example.com';

async function embeddedContract(account: TestAccount) {
  const created = await call(ctx, account, {
    method: 'POST',
    url: '/api/contracts',
    json: {
      title: 'Rental agreement',
      content: sampleDocument(),
      signers: [
        { name: 'Embedded Eve', email: 'eve@example.com', embedded: true },
        { name: 'Mailed Max', email: 'max@example.com' },
      ],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const contract = created.json();
  const sent = await call(ctx, account, {
    method: 'POST',
    url: `/api/contracts/${contract.id}/send`,
    json: {},
  });
  expect(sent.statusCode, sent.body).toBe(200);
  await background.drain();
  return {
    id: contract.id as string,
    eve: contract.signers[0].id as string,
    max: contract.signers[1].id as string,
  };
}

const embedUrl = (account: TestAccount, contract: { id: string }, signerId: string, origin?: string) =>
  call(ctx, account, {
    method: 'POST',
    url: `/api/contracts/${contract.id}/signers/${signerId}/embed`,
    json: origin === undefined ? {} : { origin },
  });

const tokenOf = (url: string) => new URL(url).pathname.split('/').at(-1) as string;

describe('embedded signing', () => {
  it("keeps the organization's origins, set by admins only, each a web origin", async () => {
    expect((await call(ctx, admin, { method: 'GET', url: '/api/settings/embedding' })).json()).toEqual({
      origins: [],
    });
    const bad = await call(ctx, admin, {
      method: 'PUT',
      url: '/api/settings/embedding',
      json: { origins: ['http://app.example.com'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('is not a web origin');
    const member = await buildMember(ctx, admin);
    const refused = await call(ctx, member, {
      method: 'PUT',
      url: '/api/settings/embedding',
      json: { origins: [host] },
    });
    expect(refused.statusCode).toBe(403);
    const set = await call(ctx, admin, {
      method: 'PUT',
      url: '/api/settings/embedding',
      json: { origins: [`${host}/some/page?x=1`, 'http://localhost:5173', host] },
    });
    expect(set.json()).toEqual({ origins: [host, 'http://localhost:5173'] });
  });

  it('e-mails no embedded recipient, and gives their app a URL that opens one session, framed by its origin alone', async () => {
    const contract = await embeddedContract(admin);
    expect(peer.to('eve@example.com')).toHaveLength(0);
    expect(peer.to('max@example.com')).toHaveLength(1);

    expect((await embedUrl(admin, contract, contract.max, host)).json().error.message).toContain(
      'is invited by e-mail',
    );
    expect(
      (await embedUrl(admin, contract, contract.eve, 'https://evil.example')).json().error.message,
    ).toContain('one of https://app.example.com, http://localhost:5173');
    expect((await embedUrl(stranger, contract, contract.eve, host)).statusCode).toBe(404);
    const remind = await call(ctx, admin, {
      method: 'POST',
      url: `/api/contracts/${contract.id}/signers/${contract.eve}/remind`,
    });
    expect(remind.statusCode).toBe(400);

    const answer = await embedUrl(admin, contract, contract.eve, host);
    expect(answer.statusCode, answer.body).toBe(200);
    // Whoever holds the URL signs as Eve: who asked for it is in the history.
    const history = (
      await call(ctx, admin, { method: 'GET', url: `/api/contracts/${contract.id}/history` })
    ).json();
    expect(history.items.map((entry: { details: string }) => entry.details)).toContainEqual(
      expect.stringMatching(/made an embedded signing URL for Embedded Eve \(eve@example.com\)$/),
    );
    const { url, origin } = answer.json();
    expect(origin).toBe(host);
    expect(url).toMatch(
      /^http:\/\/localhost:3000\/embed\/sign\/[A-Za-z0-9_-]{43}\?origin=https%3A%2F%2Fapp.example.com$/,
    );

    // The page: framed by the origin its token allows, and by no other.
    const page = await pages.inject({ url: new URL(url).pathname + new URL(url).search });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-security-policy']).toContain(`frame-ancestors ${host}`);
    expect(page.headers['x-frame-options']).toBeUndefined();
    const third = await pages.inject({
      url: `${new URL(url).pathname}?origin=${encodeURIComponent('https://third.example')}`,
    });
    expect(third.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(third.headers['x-frame-options']).toBe('DENY');
    for (const path of [
      '/login',
      '/dashboard',
      `/sign/${tokenOf(url)}`,
      `/embed/sign/${'x'.repeat(43)}?origin=${host}`,
    ]) {
      const other = await pages.inject({ url: path });
      expect([path, other.headers['content-security-policy']]).toEqual([
        path,
        expect.stringContaining("frame-ancestors 'none'"),
      ]);
    }

    // One session, in a cookie a browser sends inside another site's frame.
    const opened = await call(ctx, null, {
      method: 'POST',
      url: '/api/signing/sessions',
      json: { token: tokenOf(url) },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ signerId: contract.eve, state: 'ready', purpose: 'embed' });
    const setCookie = String(opened.headers['set-cookie']);
    expect(setCookie).toMatch(/^pactum_sign_embedded_\w+=/);
    expect(setCookie).toContain('SameSite=None');
    expect(setCookie).toContain('Secure');
    expect(setCookie).toContain('Partitioned');
    const again = await call(ctx, null, {
      method: 'POST',
      url: '/api/signing/sessions',
      json: { token: tokenOf(url) },
    });
    expect(again.statusCode).toBe(410);
    const cookie = opened.cookies.find((c) => c.name.startsWith('pactum_sign_embedded_'));
    const browser = { signerId: contract.eve, state: 'ready', cookie: `${cookie?.name}=${cookie?.value}` };
    // The cookie goes with requests from any site, but only Pactum's own pages may change anything.
    const forged = await call(ctx, null, {
      method: 'POST',
      url: `/api/signing/${contract.eve}/decline`,
      headers: { cookie: browser.cookie, origin: host, 'sec-fetch-site': 'cross-site' },
      json: { reason: 'Declined by another site' },
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().error.code).toBe('CROSS_ORIGIN_REQUEST');
    const signed = await signAs(ctx, browser, { fullName: 'Embedded Eve' });
    expect(signed.statusCode, signed.body).toBe(204);
    // Once they signed, no new URL: the app learns why.
    const after = await embedUrl(admin, contract, contract.eve, host);
    expect(after.statusCode).toBe(409);
    expect(after.json().error.message).toContain('they have signed');
  });

  it('refuses a URL not opened within its ten minutes', async () => {
    const contract = await embeddedContract(admin);
    const { url } = (await embedUrl(admin, contract, contract.eve, host)).json();
    advanceClock(11 * 60 * 1000);
    const late = await call(ctx, null, {
      method: 'POST',
      url: '/api/signing/sessions',
      json: { token: tokenOf(url) },
    });
    expect(late.statusCode).toBe(410);
    expect(late.json().error.message).toContain('expired or was already opened');
  });

  it('keeps the embed URL from read-only tokens and from organizations without origins', async () => {
    const other = await buildAccount(ctx);
    const contract = await embeddedContract(other);
    const refused = await embedUrl(other, contract, contract.eve);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toContain('Settings, Developers, Embedding');
    const token = (
      await call(ctx, admin, {
        method: 'POST',
        url: '/api/api-tokens',
        json: { name: 'read', scope: 'read' },
      })
    ).json().token;
    const mine = await embeddedContract(admin);
    const readOnly = await ctx.app.inject({
      method: 'POST',
      url: `/api/contracts/${mine.id}/signers/${mine.eve}/embed`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ origin: host }),
    });
    expect(readOnly.statusCode).toBe(403);
  });
});
