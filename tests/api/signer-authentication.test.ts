import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { advanceClock, nowMs, resetClock } from '../../src/server/clock';
import { contractHistory, notifications, signers } from '../../src/server/db/schema';
import { jobHandlers } from '../../src/server/jobs/background-work';
import { smtpMailer } from '../../src/server/mail/mailer';
import { cookies } from '../../src/server/plugins/cookies';
import { JobRunner } from '../../src/server/queue/job-runner';
import { emailCodeTtlMs } from '../../src/server/services/signing/email-code';
import { emailCodeLimits } from '../../src/server/services/signing/request-email-code';
import { issueSigningCookie, verifySigningCookie } from '../../src/server/services/signing/signing-cookie';
import { codeMailedTo, latestTokenFor, type SigningBrowser, signAs } from '../support/signing';
import { type SmtpPeer, startSmtpPeer } from '../support/smtp-peer';
import {
  buildAccount,
  buildTestApp,
  call,
  sampleDocument,
  type TestAccount,
  type TestContext,
  testAppUrl,
  testCertificate,
  testSecret,
} from '../support/test-app';
import { holdClockInWindow } from '../support/test-clock';
import { openTestDatabase } from '../support/test-database';
import { testEngines } from '../support/test-engines';

const run = promisify(execFile);

// Distinctive access codes: none of them may ever show up in an answer, a mail or a log line.
const aliceCode = 'Quartz-Tulip-7731';
const secondCode = 'Walnut-Heron-2094';
const accessCodes = [aliceCode, secondCode];

let ctx: TestContext;
let owner: TestAccount;
let peer: SmtpPeer;
const logLines: string[] = [];
const answers: string[] = [];
let runner: JobRunner;
let closeMailer: () => void;

/** Every log line of the app and of the background jobs, at every level. */
function capturingLogger() {
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  return pino({ level: 'trace' }, sink);
}

beforeAll(async () => {
  const database = await openTestDatabase();
  const log = capturingLogger();
  const app = await buildTestApp(database, {}, { loggerInstance: log });
  ctx = {
    app,
    database,
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
  owner = await buildAccount(ctx, { name: 'Olivia Owner' });
  peer = await startSmtpPeer();
  const mailer = smtpMailer({ url: peer.url, from: 'Pactum <no-reply@example.com>' });
  closeMailer = () => mailer.close();
  runner = new JobRunner({
    db: database.db,
    log,
    handlers: jobHandlers({
      db: database.db,
      files: database.files,
      mailer,
      ...(await testEngines()),
      appUrl: testAppUrl,
      log,
      instanceCertificate: testCertificate(),
      secret: testSecret,
      webhookTargets: { allowPrivate: false },
    }),
  });
});
afterAll(async () => {
  closeMailer();
  await ctx.close();
  await peer.close();
});

/** Runs due jobs (mail, sealing) until none is left. */
async function drain(): Promise<void> {
  for (let round = 0; round < 20; round += 1) {
    if ((await runner.runDueJobs()) === 0) return;
  }
}

/** An API call whose answer is kept, to check afterwards that no access code was ever in one. */
async function api(...args: Parameters<typeof call>): Promise<LightMyRequestResponse> {
  const response = await call(...args);
  answers.push(JSON.stringify(response.headers), response.body);
  return response;
}

type SignerSpec = {
  id?: string;
  name: string;
  email: string;
  accessCode?: string | null;
  requireEmailCode?: boolean;
};

async function createDraft(people: SignerSpec[], title = 'Lease Agreement'): Promise<string> {
  const created = await api(ctx, owner, {
    method: 'POST',
    url: '/api/contracts',
    json: { title, content: sampleDocument(), signers: people },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id;
}

async function send(id: string): Promise<void> {
  const sent = await api(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/send`, json: {} });
  expect(sent.statusCode, sent.body).toBe(200);
  await drain();
}

type Session = SigningBrowser & { authentication: Record<string, unknown> };

function cookieFrom(response: LightMyRequestResponse, fallback: string): string {
  const cookie = response.cookies.find((candidate) => candidate.name.startsWith('pactum_sign_'));
  return cookie ? `${cookie.name}=${cookie.value}` : fallback;
}

async function open(email: string, userAgent = 'auth-test-browser'): Promise<Session> {
  return openToken(latestTokenFor(peer, email), userAgent);
}

async function openToken(token: string, userAgent = 'auth-test-browser'): Promise<Session> {
  const response = await api(ctx, null, {
    method: 'POST',
    url: '/api/signing/sessions',
    headers: { 'user-agent': userAgent },
    json: { token },
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json();
  return { ...body, cookie: cookieFrom(response, '') };
}

/** Posts to one of the signer's check endpoints; the browser keeps whatever cookie comes back. */
async function post(browser: Session, path: string, json?: unknown): Promise<LightMyRequestResponse> {
  const response = await api(ctx, null, {
    method: 'POST',
    url: `/api/signing/${browser.signerId}/${path}`,
    headers: { cookie: browser.cookie, 'user-agent': 'auth-test-browser' },
    ...(json === undefined ? {} : { json }),
  });
  browser.cookie = cookieFrom(response, browser.cookie);
  return response;
}

/** The view, the PDF, signing and declining: everything that shows or changes the document. */
async function documentEndpoints(browser: { signerId: string; cookie: string }) {
  const headers = { cookie: browser.cookie };
  const base = `/api/signing/${browser.signerId}`;
  return Promise.all([
    api(ctx, null, { method: 'GET', url: base, headers }),
    api(ctx, null, { method: 'GET', url: `${base}/documents/frozen`, headers }),
    api(ctx, null, { method: 'GET', url: `${base}/documents/final`, headers }),
    api(ctx, null, { method: 'POST', url: `${base}/decline`, headers, json: { reason: 'No' } }),
    signAs(ctx, browser as SigningBrowser, { fullName: 'Someone' }),
  ]);
}

async function signerRow(id: string) {
  const [row] = await ctx.database.db.select().from(signers).where(eq(signers.id, id));
  if (!row) throw new Error('no signer');
  return row;
}

async function historyOf(contractId: string) {
  return ctx.database.db.select().from(contractHistory).where(eq(contractHistory.contractId, contractId));
}

const codeIn = (email: string) => codeMailedTo(peer, email);

describe('signer authentication', () => {
  it('stores an access code only hashed, answers only that one is asked, and keeps it across saves', async () => {
    const aliceId = crypto.randomUUID();
    const id = await createDraft([
      { id: aliceId, name: 'Alice', email: 'keep@example.com', accessCode: aliceCode },
      { name: 'Bob', email: 'bob-keep@example.com', requireEmailCode: true },
    ]);
    const contract = (await api(ctx, owner, { method: 'GET', url: `/api/contracts/${id}` })).json();
    expect(
      contract.signers.map((s: Record<string, unknown>) => [s.accessCodeRequired, s.emailCodeRequired]),
    ).toEqual([
      [true, false],
      [false, true],
    ]);
    const stored = await signerRow(aliceId);
    expect(stored.accessCodeHash).toMatch(/^\$argon2id\$/);
    expect(stored.accessCodeHash).not.toContain(aliceCode);

    // Saved again without the code: the stored hash stays, exactly.
    const bob = contract.signers[1];
    const patch = (people: unknown) =>
      api(ctx, owner, { method: 'PATCH', url: `/api/contracts/${id}`, json: { signers: people } });
    expect(
      (
        await patch([
          { id: aliceId, name: 'Alice A.', email: 'keep@example.com' },
          { id: bob.id, name: 'Bob', email: 'bob-keep@example.com' },
        ])
      ).statusCode,
    ).toBe(200);
    const kept = await signerRow(aliceId);
    expect(kept.accessCodeHash).toBe(stored.accessCodeHash);
    expect((await signerRow(bob.id)).requireEmailCode).toBe(true);

    // null removes it; a new string replaces it; too short is refused.
    expect(
      (await patch([{ id: aliceId, name: 'Alice', email: 'keep@example.com', accessCode: null }])).statusCode,
    ).toBe(200);
    expect((await signerRow(aliceId)).accessCodeHash).toBeNull();
    const short = await patch([{ id: aliceId, name: 'Alice', email: 'keep@example.com', accessCode: 'abc' }]);
    expect(short.statusCode).toBe(400);
    const replaced = await patch([
      { id: aliceId, name: 'Alice', email: 'keep@example.com', accessCode: secondCode },
    ]);
    expect(replaced.json().signers[0].accessCodeRequired).toBe(true);
    expect((await signerRow(aliceId)).accessCodeHash).toMatch(/^\$argon2id\$/);

    // A duplicate keeps the e-mailed code but not the access code (a secret of the original signing).
    await patch([
      { id: aliceId, name: 'Alice', email: 'keep@example.com' },
      { name: 'Bob', email: 'bob-keep@example.com', requireEmailCode: true },
    ]);
    const copy = await api(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/duplicate`, json: {} });
    expect(copy.statusCode, copy.body).toBe(201);
    const copied = (await api(ctx, owner, { method: 'GET', url: `/api/contracts/${copy.json().id}` })).json();
    expect(
      copied.signers.map((s: Record<string, unknown>) => [
        s.accessCodeRequired,
        s.accessCodeToSet,
        s.emailCodeRequired,
      ]),
    ).toEqual([
      [false, true, false],
      [false, false, true],
    ]);
    // Nor does the copy go out without it: sending waits until the sender sets a code or removes it.
    const copyId = copy.json().id as string;
    const sendCopy = () =>
      api(ctx, owner, { method: 'POST', url: `/api/contracts/${copyId}/send`, json: {} });
    const refused = await sendCopy();
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({ code: 'INVALID_INPUT', field: 'signers' });
    expect(refused.json().error.message).toBe(
      'Set a new access code for Alice, or untick "Require access code": the contract this was copied from asked for one, and codes are not copied.',
    );
    const [alice, bobCopy] = copied.signers as { id: string; name: string; email: string }[];
    const patchCopy = (people: unknown) =>
      api(ctx, owner, { method: 'PATCH', url: `/api/contracts/${copyId}`, json: { signers: people } });
    // Saved again without a word about the code (another edit), the wait stays.
    const renamed = await patchCopy([
      { id: alice?.id, name: 'Alice', email: 'keep@example.com' },
      { id: bobCopy?.id, name: 'Bob B.', email: 'bob-keep@example.com' },
    ]);
    expect(renamed.json().signers.map((s: { accessCodeToSet: boolean }) => s.accessCodeToSet)).toEqual([
      true,
      false,
    ]);
    expect((await sendCopy()).statusCode).toBe(400);
    // Nor when an API client saves the list again without ids: the wait belongs to the address.
    const rewritten = await patchCopy([
      { name: 'Alice', email: 'keep@example.com' },
      { name: 'Bob B.', email: 'bob-keep@example.com' },
    ]);
    expect(rewritten.json().signers.map((s: { accessCodeToSet: boolean }) => s.accessCodeToSet)).toEqual([
      true,
      false,
    ]);
    expect((await sendCopy()).statusCode).toBe(400);
    const [aliceNow, bobNow] = rewritten.json().signers as { id: string }[];
    // Removing it (null) ends the wait; so does a new code.
    const waived = await patchCopy([
      { id: aliceNow?.id, name: 'Alice', email: 'keep@example.com', accessCode: null },
      { id: bobNow?.id, name: 'Bob B.', email: 'bob-keep@example.com' },
    ]);
    expect(waived.json().signers[0]).toMatchObject({ accessCodeRequired: false, accessCodeToSet: false });
    const again = await api(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/duplicate`, json: {} });
    const secondCopy = (
      await api(ctx, owner, { method: 'GET', url: `/api/contracts/${again.json().id}` })
    ).json();
    const newCode = await api(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${secondCopy.id}`,
      json: {
        signers: secondCopy.signers.map((s: { id: string; name: string; email: string }, index: number) => ({
          id: s.id,
          name: s.name,
          email: s.email,
          ...(index === 0 ? { accessCode: 'a new code for the copy' } : {}),
        })),
      },
    });
    expect(newCode.json().signers[0]).toMatchObject({ accessCodeRequired: true, accessCodeToSet: false });
    // A client cannot set the wait itself: the field is the server's.
    const forged = await patchCopy([
      { id: aliceNow?.id, name: 'Alice', email: 'keep@example.com', accessCodeToSet: true },
      { id: bobNow?.id, name: 'Bob B.', email: 'bob-keep@example.com' },
    ]);
    expect(forged.json().signers[0].accessCodeToSet).toBe(false);
  });

  it('keeps the document closed until the access code is entered, then opens it and records how', async () => {
    const id = await createDraft([
      { name: 'Alice Access', email: 'alice@example.com', accessCode: aliceCode },
      { name: 'Plain Paul', email: 'paul@example.com' },
    ]);
    await send(id);
    const invitation = peer.to('alice@example.com').at(-1);
    expect(invitation?.text).toContain('access code');
    expect(peer.to('paul@example.com').at(-1)?.text).not.toContain('access code');

    const alice = await open('alice@example.com');
    expect(alice.state).toBe('ready');
    expect(alice.authentication).toMatchObject({
      accessCode: 'required',
      emailCode: 'not_required',
      complete: false,
      locked: false,
      triesLeft: 5,
      maskedEmail: 'a•••e@example.com',
    });
    // Not opened in the sender's eyes, and nothing of the document answered.
    expect((await signerRow(alice.signerId)).status).toBe('pending');
    for (const response of await documentEndpoints(alice)) {
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().error.code).toBe('SIGNER_AUTHENTICATION_REQUIRED');
      expect(response.body).not.toContain('Agreement');
    }

    const wrong = await post(alice, 'access-code', { code: 'not-the-code' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({ code: 'INVALID_INPUT', field: 'code' });
    expect(wrong.json().error.message).toContain('4 tries left');
    expect((await signerRow(alice.signerId)).authFailures).toBe(1);

    // Spaces around the code, as pasted from a message, do not make it wrong.
    const right = await post(alice, 'access-code', { code: ` ${aliceCode} ` });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().authentication).toMatchObject({ accessCode: 'passed', complete: true });
    const row = await signerRow(alice.signerId);
    expect(row.status).toBe('viewed');
    expect(row.authFailures).toBe(0);
    const view = await api(ctx, null, {
      method: 'GET',
      url: `/api/signing/${alice.signerId}`,
      headers: { cookie: alice.cookie },
    });
    expect(view.statusCode, view.body).toBe(200);
    const pdf = await api(ctx, null, {
      method: 'GET',
      url: `/api/signing/${alice.signerId}/documents/frozen`,
      headers: { cookie: alice.cookie },
    });
    expect(pdf.statusCode).toBe(200);

    // Reopening the link in the same browser keeps what its cookie passed.
    const reopened = await api(ctx, null, {
      method: 'POST',
      url: '/api/signing/sessions',
      headers: { cookie: alice.cookie },
      json: { token: latestTokenFor(peer, 'alice@example.com') },
    });
    expect(reopened.json().authentication.complete).toBe(true);
    // Another browser with the same link starts over.
    expect((await open('alice@example.com')).authentication.complete).toBe(false);

    const entered = (await historyOf(id)).find((entry) => entry.action === 'access_code_entered');
    expect(entered).toMatchObject({
      details: 'Access code entered by Alice Access (alice@example.com)',
      userAgent: 'auth-test-browser',
    });
    expect(entered?.ip).toBeTruthy();
    const viewed = (await historyOf(id)).filter((entry) => entry.action === 'viewed');
    expect(viewed).toHaveLength(1);

    // A signer with no check asked opens as before.
    const paul = await open('paul@example.com');
    expect(paul.authentication).toMatchObject({ accessCode: 'not_required', complete: true });
    const paulView = await api(ctx, null, {
      method: 'GET',
      url: `/api/signing/${paul.signerId}`,
      headers: { cookie: paul.cookie },
    });
    expect(paulView.statusCode).toBe(200);
  });

  it('refuses a cookie that does not carry the passed check, and a forged one', async () => {
    const id = await createDraft([{ name: 'Fran Forge', email: 'fran@example.com', accessCode: aliceCode }]);
    await send(id);
    const fran = await open('fran@example.com');
    const name = cookies.signing(fran.signerId).name;
    // The link the session was opened with, as its cookie names it.
    const linkId = verifySigningCookie(testSecret, fran.signerId, fran.cookie.split('=')[1])?.linkId ?? '';
    expect(linkId).toMatch(/^[0-9a-f-]{36}$/);
    // Properly signed, but without the access code passed.
    const bare = issueSigningCookie(testSecret, { signerId: fran.signerId, linkId }, new Set());
    for (const response of await documentEndpoints({
      signerId: fran.signerId,
      cookie: `${name}=${bare.value}`,
    })) {
      expect(response.statusCode).toBe(403);
    }
    // Claiming the check without the secret: the MAC no longer matches.
    const [body, mac] = bare.value.split('.');
    const carried = JSON.parse(Buffer.from(body ?? '', 'base64url').toString('utf8'));
    const forgedBody = Buffer.from(JSON.stringify({ ...carried, checks: ['access_code'] })).toString(
      'base64url',
    );
    const claimed = `${name}=${forgedBody}.${mac}`;
    for (const response of await documentEndpoints({ signerId: fran.signerId, cookie: claimed })) {
      expect(response.statusCode).toBe(401);
    }
    // The formats of before (expiry, checks and link beside their own MAC) are not accepted either.
    const expires = Date.now() + 60_000;
    for (const oldFormat of [`${name}=${expires}.a.${linkId}.${mac}`, `${name}=${expires}.-.${mac}`]) {
      expect((await documentEndpoints({ signerId: fran.signerId, cookie: oldFormat }))[0].statusCode).toBe(
        401,
      );
    }
    // A cookie that passed the check for another signer does not open this one.
    const other = issueSigningCookie(
      testSecret,
      { signerId: crypto.randomUUID(), linkId },
      new Set(['access_code']),
    );
    expect(
      (await documentEndpoints({ signerId: fran.signerId, cookie: `${name}=${other.value}` }))[0].statusCode,
    ).toBe(401);
    // With the check really passed, it opens.
    expect((await post(fran, 'access-code', { code: aliceCode })).statusCode).toBe(200);
    expect((await documentEndpoints(fran))[0].statusCode).toBe(200);
  });

  it('locks the signer out after 5 wrong codes in a row, tells the sender, and a reminder lets them try again', async () => {
    const id = await createDraft([
      { name: 'Larry Locked', email: 'larry@example.com', accessCode: aliceCode },
    ]);
    await send(id);
    const larry = await open('larry@example.com');
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const response = await post(larry, 'access-code', { code: `wrong-${attempt}` });
      expect(response.statusCode).toBe(400);
    }
    const fifth = await post(larry, 'access-code', { code: 'wrong-5' });
    expect(fifth.statusCode).toBe(403);
    expect(fifth.json().error.code).toBe('SIGNER_LOCKED');
    // Locked: even the right code is not checked any more, from any browser.
    expect((await post(larry, 'access-code', { code: aliceCode })).json().error.code).toBe('SIGNER_LOCKED');
    const elsewhere = await open('larry@example.com');
    expect(elsewhere.authentication).toMatchObject({ locked: true, triesLeft: 0, complete: false });
    expect((await post(elsewhere, 'access-code', { code: aliceCode })).statusCode).toBe(403);
    expect((await signerRow(larry.signerId)).authFailures).toBe(5);

    const locked = (await historyOf(id)).filter((entry) => entry.action === 'signer_locked');
    expect(locked).toHaveLength(1);
    expect(locked[0]?.details).toContain('Larry Locked (larry@example.com) failed the access code 5 times');
    expect(locked[0]?.userAgent).toBe('auth-test-browser');
    // The bell and the e-mail come from the event's consumers.
    await drain();
    const notes = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.contractId, id), eq(notifications.kind, 'signer_locked')));
    expect(notes).toHaveLength(1);
    expect(peer.to(owner.email).some((mail) => /locked out/.test(mail.subject ?? ''))).toBe(true);
    const signing = (await api(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/signing` })).json();
    expect(signing.signers[0].authLocked).toBe(true);

    // The sender's reminder lifts the lock; the new link and the right code open the document.
    const remind = await api(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/signers/${larry.signerId}/remind`,
    });
    expect(remind.statusCode, remind.body).toBe(204);
    expect((await signerRow(larry.signerId)).authFailures).toBe(0);
    const reminded = (await historyOf(id)).filter((entry) => entry.action === 'reminded').at(-1);
    expect(reminded?.details).toContain('the lock after wrong codes is lifted');
    await drain();
    const again = await open('larry@example.com');
    expect(again.authentication).toMatchObject({ locked: false, triesLeft: 5 });
    expect((await post(again, 'access-code', { code: aliceCode })).statusCode).toBe(200);
  });

  it("retires every earlier link when a reminder lifts the lock: only the reminder's link opens", async () => {
    const email = 'lena-leaked@example.com';
    const id = await createDraft([{ name: 'Lena Leaked', email, accessCode: aliceCode }]);
    await send(id);
    await drain();
    const leaked = latestTokenFor(peer, email);
    // A plain reminder keeps the invitation's link working: the signer may open either e-mail.
    const plain = await api(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/signers/${(await open(email)).signerId}/remind`,
    });
    expect(plain.statusCode, plain.body).toBe(204);
    await drain();
    const guesser = await openToken(leaked);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await post(guesser, 'access-code', { code: `guess-${attempt}` });
    }
    expect((await signerRow(guesser.signerId)).authFailures).toBe(5);

    const remind = await api(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/signers/${guesser.signerId}/remind`,
    });
    expect(remind.statusCode, remind.body).toBe(204);
    const reminded = (await historyOf(id)).filter((entry) => entry.action === 'reminded').at(-1);
    expect(reminded?.details).toContain(
      'the lock after wrong codes is lifted and earlier links no longer work',
    );
    await drain();
    const fresh = latestTokenFor(peer, email);
    expect(fresh).not.toBe(leaked);
    const refused = await api(ctx, null, {
      method: 'POST',
      url: '/api/signing/sessions',
      json: { token: leaked },
    });
    expect(refused.statusCode, refused.body).toBe(404);
    const signer = await openToken(fresh);
    expect(signer.authentication).toMatchObject({ locked: false, triesLeft: 5 });
    expect((await post(signer, 'access-code', { code: aliceCode })).statusCode).toBe(200);
  });

  it("lets a signer who locked their signed copy in again with the sender's 'Send again', and no one else", async () => {
    const email = 'sigrid-signed@example.com';
    const id = await createDraft([{ name: 'Sigrid Signed', email, accessCode: aliceCode }], 'Signed lease');
    await send(id);
    const invitation = latestTokenFor(peer, email);
    const sigrid = await openToken(invitation);
    expect((await post(sigrid, 'access-code', { code: aliceCode })).statusCode).toBe(200);
    expect((await signAs(ctx, sigrid, { fullName: 'Sigrid Signed' })).statusCode).toBe(204);
    const refusedEarly = await api(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/signers/${sigrid.signerId}/signed-copy`,
    });
    // Signed but not sealed yet: the completion's own message is still to come.
    expect(refusedEarly.json().error.code, refusedEarly.body).toBe('SIGNING_CLOSED');
    await drain();
    const completed = () => peer.to(email).filter((mail) => mail.subject === 'Completed: "Signed lease"');
    expect(completed()).toHaveLength(1);

    // Someone with the old link guesses the code on the signed contract's page: the signer is locked.
    const guesser = await openToken(invitation);
    expect(guesser.state).toBe('signed');
    for (let attempt = 1; attempt <= 5; attempt += 1)
      await post(guesser, 'access-code', { code: `guess-${attempt}` });
    expect((await signerRow(sigrid.signerId)).authFailures).toBe(5);
    const signing = (await api(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/signing` })).json();
    expect(signing.signers[0].authLocked).toBe(true);
    // The history, the bell and the sender's e-mail name the way in for a signer who signed.
    const lock = (await historyOf(id)).filter((row) => row.action === 'signer_locked').at(-1);
    expect(lock?.details).toMatch(
      /— locked out of the signed document until the sender sends them the sealed PDF again \(once it is sealed\)$/,
    );
    await drain();
    const [notice] = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.contractId, id), eq(notifications.kind, 'signer_locked')));
    expect(notice?.message).toContain(
      'is locked out of the signed document: once it is sealed, send them the sealed PDF again',
    );
    const told = peer
      .to(owner.email)
      .filter((mail) => mail.subject === 'Sigrid Signed is locked out of "Signed lease"');
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('choose Send again beside their name on the contract page once');
    // A reminder is for signers who have not signed.
    const remind = await api(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/signers/${sigrid.signerId}/remind`,
    });
    expect(remind.json().error.code).toBe('SIGNING_CLOSED');

    // Another organization's user cannot send it, nor learn that the contract exists.
    const stranger = await buildAccount(ctx, { name: 'Stranger' });
    const foreign = await api(ctx, stranger, {
      method: 'POST',
      url: `/api/contracts/${id}/signers/${sigrid.signerId}/signed-copy`,
    });
    expect(foreign.statusCode).toBe(404);
    // Nor anyone signed out, nor for a signer who is not the contract's.
    const anonymous = await api(ctx, null, {
      method: 'POST',
      url: `/api/contracts/${id}/signers/${sigrid.signerId}/signed-copy`,
    });
    expect(anonymous.statusCode).toBe(401);
    const elsewhere = await api(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/signers/${randomUUID()}/signed-copy`,
    });
    expect(elsewhere.statusCode).toBe(404);

    const again = await api(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/signers/${sigrid.signerId}/signed-copy`,
    });
    expect(again.statusCode, again.body).toBe(204);
    expect((await signerRow(sigrid.signerId)).authFailures).toBe(0);
    const entry = (await historyOf(id)).filter((row) => row.action === 'signed_copy_sent').at(-1);
    expect(entry?.details).toBe(
      'Sealed PDF sent again to Sigrid Signed (sigrid-signed@example.com); the lock after wrong codes is lifted and earlier links no longer work',
    );
    await drain();
    // The completion's message once more, the sealed PDF attached as the first time.
    expect(completed()).toHaveLength(2);
    const [first, second] = completed().map((mail) => mail.attachments[0]?.content);
    expect(second?.equals(first ?? Buffer.alloc(0))).toBe(true);
    // The link the guesser used no longer opens anything.
    const retired = await api(ctx, null, {
      method: 'POST',
      url: '/api/signing/sessions',
      json: { token: invitation },
    });
    expect(retired.statusCode, retired.body).toBe(404);
  });

  it('counts parallel guesses one after another: twelve at once lock after exactly five', async () => {
    const id = await createDraft([
      { name: 'Petra Parallel', email: 'petra@example.com', accessCode: aliceCode },
    ]);
    await send(id);
    const petra = await open('petra@example.com');
    const tries = await Promise.all(
      Array.from({ length: 12 }, (_, index) => post({ ...petra }, 'access-code', { code: `guess-${index}` })),
    );
    const statuses = tries.map((response) => response.statusCode).sort();
    expect(statuses.filter((status) => status === 400)).toHaveLength(4);
    expect(statuses.filter((status) => status === 403)).toHaveLength(8);
    expect((await signerRow(petra.signerId)).authFailures).toBe(5);
    expect((await historyOf(id)).filter((entry) => entry.action === 'signer_locked')).toHaveLength(1);
  });

  it('e-mails a one-time code over SMTP that opens the document once, for ten minutes', async () => {
    // Held, so "right away" is right away, and moved on below past the cooldown and the expiry;
    // room for that within one window of the hourly limit.
    holdClockInWindow(emailCodeLimits.hourly.windowMs, 15 * 60_000);
    onTestFinished(resetClock);
    const id = await createDraft([
      { name: 'Erin Email', email: 'erin@example.com', requireEmailCode: true },
      { name: 'Xavier Expired', email: 'xavier@example.com', requireEmailCode: true },
    ]);
    await send(id);
    expect(peer.to('erin@example.com').at(-1)?.text).toContain('one-time code');
    const erin = await open('erin@example.com');
    expect(erin.authentication).toMatchObject({ emailCode: 'required', complete: false });
    // Confirming before any code was sent: nothing to compare with, refused and not counted.
    const early = await post(erin, 'email-code/confirm', { code: '123456' });
    expect(early.statusCode).toBe(400);
    expect((await signerRow(erin.signerId)).authFailures).toBe(0);

    expect((await post(erin, 'email-code')).statusCode).toBe(204);
    // A second request right away is refused: one code every 30 seconds.
    const flood = await post(erin, 'email-code');
    expect(flood.statusCode).toBe(429);
    expect(flood.headers['retry-after']).toBeDefined();
    await drain();
    const code = codeIn('erin@example.com');
    const stored = await signerRow(erin.signerId);
    expect(stored.emailCodeHash).toMatch(/^\$argon2id\$/);
    expect(stored.emailCodeExpiresAt?.getTime()).toBe(nowMs() + emailCodeTtlMs);

    const wrongCode = code === '000000' ? '000001' : '000000';
    const wrong = await post(erin, 'email-code/confirm', { code: wrongCode });
    expect(wrong.statusCode).toBe(400);
    expect((await signerRow(erin.signerId)).authFailures).toBe(1);
    const right = await post(erin, 'email-code/confirm', { code });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().authentication).toMatchObject({ emailCode: 'passed', complete: true });
    expect((await documentEndpoints(erin))[0].statusCode).toBe(200);

    // Used once: another browser cannot use the same code.
    const second = await open('erin@example.com');
    const reused = await post(second, 'email-code/confirm', { code });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toContain('expired or was already used');

    const history = await historyOf(id);
    expect(history.find((entry) => entry.action === 'email_code_sent')?.details).toBe(
      'One-time code requested by Erin Email (erin@example.com), e-mailed to erin@example.com',
    );
    expect(history.find((entry) => entry.action === 'email_code_confirmed')).toMatchObject({
      details: 'E-mailed code confirmed by Erin Email (erin@example.com)',
      userAgent: 'auth-test-browser',
    });

    // Expired: ten minutes later the code no longer opens anything.
    const xavier = await open('xavier@example.com');
    expect((await post(xavier, 'email-code')).statusCode).toBe(204);
    await drain();
    const first = codeIn('xavier@example.com');
    // Refused again right away; 30 seconds later the cooldown is over.
    expect((await post(xavier, 'email-code')).statusCode).toBe(429);
    advanceClock(emailCodeLimits.cooldownMs);
    // A new code replaces the old one.
    expect((await post(xavier, 'email-code')).statusCode).toBe(204);
    await drain();
    const newer = codeIn('xavier@example.com');
    if (newer !== first) {
      expect((await post(xavier, 'email-code/confirm', { code: first })).statusCode).toBe(400);
    }
    advanceClock(emailCodeTtlMs);
    const expired = await post(xavier, 'email-code/confirm', { code: newer });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.message).toContain('expired');
    expect((await documentEndpoints(xavier))[0].statusCode).toBe(403);
  });

  it('prints in the sealed certificate what each signer was asked and how they passed', async () => {
    const id = await createDraft(
      [
        { name: 'Alma Both', email: 'alma@example.com', accessCode: secondCode, requireEmailCode: true },
        { name: 'Nina None', email: 'nina@example.com' },
      ],
      'Sealed Lease',
    );
    await send(id);
    const alma = await open('alma@example.com');
    expect((await post(alma, 'access-code', { code: secondCode })).json().authentication).toMatchObject({
      accessCode: 'passed',
      emailCode: 'required',
      complete: false,
    });
    expect((await documentEndpoints(alma))[0].statusCode).toBe(403);
    expect((await post(alma, 'email-code')).statusCode).toBe(204);
    await drain();
    const confirmed = await post(alma, 'email-code/confirm', { code: codeIn('alma@example.com') });
    expect(confirmed.json().authentication.complete).toBe(true);
    expect((await signAs(ctx, alma, { fullName: 'Alma Both' })).statusCode).toBe(204);
    const nina = await open('nina@example.com');
    expect((await signAs(ctx, nina, { fullName: 'Nina None' })).statusCode).toBe(204);
    await drain();

    const final = await api(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/documents/final` });
    expect(final.statusCode).toBe(200);
    const file = join(await mkdtemp(join(tmpdir(), 'pactum-auth-')), 'sealed.pdf');
    await writeFile(file, final.rawPayload);
    const { stdout } = await run('pdftotext', ['-layout', file, '-']);
    const text = stdout.replace(/\s+/g, ' ');
    expect(text).toContain('Signer authentication');
    expect(text).toMatch(
      /Authentication: link e-mailed to alma@example\.com; access code entered \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC; one-time code e-mailed to alma@example\.com, confirmed \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC/,
    );
    expect(text).toContain('Authentication: link e-mailed to nina@example.com');
    expect(text).not.toMatch(/nina@example\.com; access code/);
    expect(text).toContain('Access code entered by Alma Both');
    expect(text).toContain('E-mailed code confirmed by Alma Both');
  });

  it('never lets an access code out: not in an answer, a mail, or a log line', () => {
    expect(answers.length).toBeGreaterThan(50);
    expect(logLines.length).toBeGreaterThan(50);
    expect(peer.received.length).toBeGreaterThan(10);
    const mails = peer.received.map((mail) => `${mail.subject}\n${mail.text}\n${mail.html || ''}`);
    for (const code of accessCodes) {
      for (const haystack of [...answers, ...logLines, ...mails]) expect(haystack).not.toContain(code);
    }
    // Nor an e-mailed code in the log.
    const mailedCodes = peer.received
      .filter((mail) => /one-time code to open/.test(mail.text ?? ''))
      .map((mail) => /\b(\d{6})\b/.exec(mail.text ?? '')?.[1] ?? '');
    expect(mailedCodes.length).toBeGreaterThan(3);
    for (const code of mailedCodes) {
      for (const line of logLines) expect(line).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
    }
  });
});
