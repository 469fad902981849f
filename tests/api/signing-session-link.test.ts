import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits, signers } from '../../src/server/db/schema';
import { signatureDataUrl } from '../../src/server/demo/demo-signature';
import { cookies } from '../../src/server/plugins/cookies';
import { declineContract } from '../../src/server/services/signing/decline-contract';
import { enterAccessCode } from '../../src/server/services/signing/enter-access-code';
import { requestEmailCode } from '../../src/server/services/signing/request-email-code';
import { signContract } from '../../src/server/services/signing/sign-contract';
import { verifySigningCookie } from '../../src/server/services/signing/signing-cookie';
import { invalidLinkError } from '../../src/server/services/signing/signing-link';
import { consentDisclosure } from '../../src/shared/consent';
import { backgroundFor } from '../support/background';
import { CookieBrowser } from '../support/cookie-browser';
import { codeMailedTo, latestTokenFor } from '../support/signing';
import { type SmtpPeer, startSmtpPeer } from '../support/smtp-peer';
import {
  buildAccount,
  call,
  createTestContext,
  sampleDocument,
  type TestAccount,
  type TestContext,
  testSecret,
} from '../support/test-app';
import { testEngines } from '../support/test-engines';

const accessCode = 'Granite-Plover-5162';

let ctx: TestContext;
let owner: TestAccount;
let peer: SmtpPeer;
let background: Awaited<ReturnType<typeof backgroundFor>>;

beforeAll(async () => {
  ctx = await createTestContext();
  owner = await buildAccount(ctx, { name: 'Olivia Owner' });
  peer = await startSmtpPeer();
  background = await backgroundFor(ctx.database, peer.url);
});
afterAll(async () => {
  background.close();
  await ctx.close();
  await peer.close();
});

/** Sends a contract to one signer who must enter an access code and an e-mailed code. */
async function sendToCheckedSigner(email: string): Promise<string> {
  const created = await call(ctx, owner, {
    method: 'POST',
    url: '/api/contracts',
    json: {
      title: 'Supply Agreement',
      content: sampleDocument(),
      signers: [{ name: 'Sara Signer', email, accessCode, requireEmailCode: true }],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  const sent = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/send`, json: {} });
  expect(sent.statusCode, sent.body).toBe(200);
  await background.drain();
  return id;
}

const codeIn = (email: string) => codeMailedTo(peer, email);

/** A signer may ask for one e-mailed code every 30 seconds: the test moves past that wait. */
async function thirtySecondsLater(signerId: string): Promise<void> {
  await ctx.database.db
    .delete(rateLimits)
    .where(eq(rateLimits.key, `signer-email-code:cooldown:${signerId}`));
}

async function open(browser: CookieBrowser, token: string) {
  return browser.post('/api/signing/sessions', { token });
}

/** Opens the link and passes both checks, as the signer does: a session that may see and sign. */
async function openAndPass(browser: CookieBrowser, token: string, email: string): Promise<string> {
  const opened = await open(browser, token);
  expect(opened.statusCode, opened.body).toBe(200);
  const signerId = opened.json().signerId as string;
  expect((await browser.post(`/api/signing/${signerId}/access-code`, { code: accessCode })).statusCode).toBe(
    200,
  );
  await thirtySecondsLater(signerId);
  expect((await browser.post(`/api/signing/${signerId}/email-code`)).statusCode).toBe(204);
  await background.drain();
  const confirmed = await browser.post(`/api/signing/${signerId}/email-code/confirm`, {
    code: codeIn(email),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  expect(confirmed.json().authentication.complete).toBe(true);
  return signerId;
}

/** Everything a session that passed the checks may do with the document. */
function documentCalls(browser: CookieBrowser, signerId: string) {
  const base = `/api/signing/${signerId}`;
  return {
    view: () => browser.get(base),
    pdf: () => browser.get(`${base}/documents/frozen`),
    sign: () =>
      browser.post(`${base}/sign`, {
        consentVersion: consentDisclosure.version,
        fields: { fullName: 'Sara Signer' },
        signature: { kind: 'drawn', image: signatureDataUrl() },
      }),
    decline: () => browser.post(`${base}/decline`, { reason: 'Not mine to sign' }),
  };
}

/** Every way a browser tries to prove it is the signer. */
function checkCalls(browser: CookieBrowser, signerId: string) {
  const base = `/api/signing/${signerId}`;
  return {
    accessCode: () => browser.post(`${base}/access-code`, { code: accessCode }),
    wrongAccessCode: () => browser.post(`${base}/access-code`, { code: 'not-the-code' }),
    sendEmailCode: () => browser.post(`${base}/email-code`),
    confirmEmailCode: () => browser.post(`${base}/email-code/confirm`, { code: '123456' }),
  };
}

async function authFailuresOf(signerId: string): Promise<number> {
  const [row] = await ctx.database.db
    .select({ authFailures: signers.authFailures })
    .from(signers)
    .where(eq(signers.id, signerId));
  if (!row) throw new Error('no signer');
  return row.authFailures;
}

function answerOf(response: LightMyRequestResponse) {
  return { status: response.statusCode, error: response.json().error };
}

describe('signing sessions and the link that opened them', () => {
  it('ends every session opened with a link a reminder retired, as the link itself; the new link works', async () => {
    const email = 'sara-retired@example.com';
    const contractId = await sendToCheckedSigner(email);
    const leaked = latestTokenFor(peer, email);

    // The signer opens the invitation and passes both checks; a guesser holding the same link
    // locks the signer with five wrong codes.
    const signerBrowser = new CookieBrowser(ctx, '203.0.113.20');
    const signerId = await openAndPass(signerBrowser, leaked, email);
    expect((await documentCalls(signerBrowser, signerId).view()).statusCode).toBe(200);
    const guesser = new CookieBrowser(ctx, '198.51.100.66');
    expect((await open(guesser, leaked)).statusCode).toBe(200);
    for (let attempt = 1; attempt <= 5; attempt += 1) await checkCalls(guesser, signerId).wrongAccessCode();
    expect(await authFailuresOf(signerId)).toBe(5);

    // The sender's Remind lifts the lock and retires the invitation's link.
    const remind = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${contractId}/signers/${signerId}/remind`,
    });
    expect(remind.statusCode, remind.body).toBe(204);
    await background.drain();
    const fresh = latestTokenFor(peer, email);
    expect(fresh).not.toBe(leaked);
    await thirtySecondsLater(signerId);

    // What the retired link answers now...
    const retiredLink = answerOf(await open(new CookieBrowser(ctx, '192.0.2.9'), leaked));
    expect(retiredLink.status).toBe(404);

    // ...every session it opened answers too: nothing of the document, no sign, no decline.
    const before = documentCalls(signerBrowser, signerId);
    for (const response of [
      await before.view(),
      await before.pdf(),
      await before.sign(),
      await before.decline(),
    ]) {
      expect(answerOf(response)).toEqual(retiredLink);
    }
    // No e-mailed code, and no try at a code: the fresh tries are the new link's alone.
    const mailsBefore = peer.to(email).length;
    const tries = checkCalls(guesser, signerId);
    for (const response of [
      await tries.sendEmailCode(),
      await tries.confirmEmailCode(),
      await tries.wrongAccessCode(),
      await tries.accessCode(),
    ]) {
      expect(answerOf(response)).toEqual(retiredLink);
    }
    expect(await authFailuresOf(signerId)).toBe(0);
    await background.drain();
    expect(peer.to(email)).toHaveLength(mailsBefore);

    // Reopening the new link where the retired session was carries none of its checks over.
    const reopened = await open(signerBrowser, fresh);
    expect(reopened.statusCode, reopened.body).toBe(200);
    expect(reopened.json().authentication).toMatchObject({
      accessCode: 'required',
      emailCode: 'required',
      complete: false,
    });

    // The reminder's link opens, with all its tries, and its session signs.
    const newBrowser = new CookieBrowser(ctx, '203.0.113.21');
    const opened = await open(newBrowser, fresh);
    expect(opened.json().authentication).toMatchObject({ locked: false, triesLeft: 5 });
    expect(await openAndPass(newBrowser, fresh, email)).toBe(signerId);
    const after = documentCalls(newBrowser, signerId);
    expect((await after.view()).statusCode).toBe(200);
    expect((await after.pdf()).statusCode).toBe(200);
    expect((await after.sign()).statusCode).toBe(204);
  });

  it('refuses a retired link in the services too, under the lock a reminder takes', async () => {
    const email = 'sara-services@example.com';
    const contractId = await sendToCheckedSigner(email);
    const browser = new CookieBrowser(ctx, '203.0.113.40');
    const opened = await open(browser, latestTokenFor(peer, email));
    const signerId = opened.json().signerId as string;
    const linkId =
      verifySigningCookie(testSecret, signerId, browser.jar.get(cookies.signing(signerId).name))?.linkId ??
      '';
    expect(linkId).toMatch(/^[0-9a-f-]{36}$/);
    expect((await checkCalls(browser, signerId).wrongAccessCode()).statusCode).toBe(400);
    const remind = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${contractId}/signers/${signerId}/remind`,
    });
    expect(remind.statusCode, remind.body).toBe(204);

    // A request that passed the route's check just before the reminder still meets this one.
    const session = {
      db: ctx.database.db,
      ...(await testEngines()),
      signerId,
      linkId,
      origin: { ip: null, userAgent: null },
    };
    const retired = { code: 'NOT_FOUND', message: invalidLinkError().message };
    await expect(enterAccessCode(session, { code: 'not-the-code', passed: new Set() })).rejects.toMatchObject(
      retired,
    );
    await expect(requestEmailCode(session)).rejects.toMatchObject(retired);
    await expect(
      signContract(session, {
        consentVersion: consentDisclosure.version,
        fields: { fullName: 'Sara Signer' },
        signature: { kind: 'drawn', image: signatureDataUrl() },
      }),
    ).rejects.toMatchObject(retired);
    await expect(declineContract(session, 'Not mine')).rejects.toMatchObject(retired);
    expect(await authFailuresOf(signerId)).toBe(0);
  });

  it('keeps sessions of links a plain reminder leaves working, and their checks across those links', async () => {
    const email = 'sara-plain@example.com';
    const contractId = await sendToCheckedSigner(email);
    const invitation = latestTokenFor(peer, email);
    const browser = new CookieBrowser(ctx, '203.0.113.30');
    const signerId = await openAndPass(browser, invitation, email);

    const remind = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${contractId}/signers/${signerId}/remind`,
    });
    expect(remind.statusCode, remind.body).toBe(204);
    await background.drain();
    const reminder = latestTokenFor(peer, email);
    expect(reminder).not.toBe(invitation);

    // The invitation's session still shows the document.
    expect((await documentCalls(browser, signerId).view()).statusCode).toBe(200);
    // Opening the reminder's link in the same browser keeps the checks passed.
    const reopened = await open(browser, reminder);
    expect(reopened.json().authentication.complete).toBe(true);
    const calls = documentCalls(browser, signerId);
    expect((await calls.pdf()).statusCode).toBe(200);
    expect((await calls.sign()).statusCode).toBe(204);
  });
});
