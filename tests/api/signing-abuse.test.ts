import { Writable } from 'node:stream';
import { deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signers } from '../../src/server/db/schema';
import { signatureDataUrl } from '../../src/server/demo/demo-signature';
import { jobHandlers } from '../../src/server/jobs/background-work';
import { type Mailer, outboxMailer, smtpMailer } from '../../src/server/mail/mailer';
import { assemblePng } from '../../src/server/pdf/png';
import { signaturePng } from '../../src/server/pdf/sample-signature';
import { JobRunner } from '../../src/server/queue/job-runner';
import { consentDisclosure } from '../../src/shared/consent';
import { latestTokenFor, type SigningBrowser, signAs } from '../support/signing';
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
import { openTestDatabase } from '../support/test-database';
import { testEngines } from '../support/test-engines';

/** A test app whose background jobs deliver through the given mailer. */
async function setUp(mailerFor: (log: pino.Logger) => Mailer, logLines: string[]) {
  const database = await openTestDatabase();
  const log = pino(
    { level: 'trace' },
    new Writable({
      write(chunk, _encoding, done) {
        logLines.push(String(chunk));
        done();
      },
    }),
  );
  const app = await buildTestApp(database, {}, { loggerInstance: log });
  const ctx: TestContext = {
    app,
    database,
    close: async () => {
      await app.close();
      await database.dispose();
    },
  };
  const mailer = mailerFor(log);
  const runner = new JobRunner({
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
  const drain = async () => {
    for (let round = 0; round < 20; round += 1) {
      if ((await runner.runDueJobs()) === 0) return;
    }
  };
  return { ctx, mailer, drain };
}

function cookieFrom(response: LightMyRequestResponse, fallback: string): string {
  const cookie = response.cookies.find((candidate) => candidate.name.startsWith('pactum_sign_'));
  return cookie ? `${cookie.name}=${cookie.value}` : fallback;
}

async function openWith(ctx: TestContext, token: string): Promise<SigningBrowser> {
  const response = await call(ctx, null, { method: 'POST', url: '/api/signing/sessions', json: { token } });
  expect(response.statusCode, response.body).toBe(200);
  const { signerId, state } = response.json();
  return { signerId, state, cookie: cookieFrom(response, '') };
}

/** A PNG with the given header fields and image data, chunks well formed. */
function craftedPng(options: { width: number; height: number; idat: Buffer; interlace?: number }): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(options.width, 0);
  header.writeUInt32BE(options.height, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  header[12] = options.interlace ?? 0;
  return assemblePng(header, options.idat);
}

describe('with an SMTP server', () => {
  let ctx: TestContext;
  let owner: TestAccount;
  let peer: SmtpPeer;
  let drain: () => Promise<void>;
  let mailer: Mailer;
  const logLines: string[] = [];

  beforeAll(async () => {
    peer = await startSmtpPeer();
    ({ ctx, mailer, drain } = await setUp(
      () => smtpMailer({ url: peer.url, from: 'Pactum <no-reply@example.com>' }),
      logLines,
    ));
    owner = await buildAccount(ctx, { name: 'Olivia Owner' });
  });
  afterAll(async () => {
    mailer.close();
    await ctx.close();
    await peer.close();
  });

  const people = (count: number, prefix: string, code?: (index: number) => string) =>
    Array.from({ length: count }, (_, index) => ({
      name: `Signer ${index + 1}`,
      email: `${prefix}-${index + 1}@example.com`,
      ...(code ? { accessCode: code(index) } : {}),
    }));

  it('refuses more than ten new access codes in one save, and sets fifty over several saves', async () => {
    const tooMany = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: {
        title: 'Many codes',
        content: sampleDocument(),
        signers: people(11, 'many', (i) => `Code-${i}-abcdef`),
      },
    });
    expect(tooMany.statusCode, tooMany.body).toBe(400);
    expect(tooMany.body).toContain('At most 10 new access codes can be set in one save');

    const created = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: {
        title: 'Many codes',
        content: sampleDocument(),
        signers: people(10, 'ten', (i) => `Code-${i}-abcdef`),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;

    // The whole list of 50 with 50 new codes is refused; the same 50 over five saves is not.
    const all = people(50, 'fifty', (i) => `Code-${i}-abcdef`).map((signer) => ({
      ...signer,
      id: crypto.randomUUID(),
    }));
    const refused = await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${id}`,
      json: { signers: all },
    });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.body).toContain('At most 10 new access codes');
    for (let round = 1; round <= 5; round += 1) {
      const list = all.map((signer, index) =>
        index < round * 10 && index >= (round - 1) * 10
          ? signer
          : { id: signer.id, name: signer.name, email: signer.email },
      );
      const saved = await call(ctx, owner, {
        method: 'PATCH',
        url: `/api/contracts/${id}`,
        json: { signers: list },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const rows = await ctx.database.db.select().from(signers).where(eq(signers.contractId, id));
    expect(rows).toHaveLength(50);
    expect(rows.every((row) => row.accessCodeHash?.startsWith('$argon2id$'))).toBe(true);
  });

  it('lets another write finish while a save hashes its access codes', async () => {
    const created = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'Hashing', content: sampleDocument(), signers: [] },
    });
    const id = created.json().id as string;
    let hashingDone = false;
    const hashing = call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${id}`,
      json: { signers: people(10, 'hashing', (i) => `Code-${i}-abcdef`) },
    }).then((response) => {
      hashingDone = true;
      return response;
    });
    // A write on the very same contract row: it waits for no lock while the codes are hashed.
    const renamed = await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${id}`,
      json: { title: 'Renamed while hashing' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(hashingDone).toBe(false);
    expect((await hashing).statusCode).toBe(200);
  });

  it('keeps access codes working end to end', async () => {
    const created = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: {
        title: 'Code end to end',
        content: sampleDocument(),
        signers: [{ name: 'Ada', email: 'ada-e2e@example.com', accessCode: 'Quartz-Tulip-7731' }],
      },
    });
    const id = created.json().id as string;
    expect(
      (await call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/send`, json: {} })).statusCode,
    ).toBe(200);
    await drain();
    const browser = await openWith(ctx, latestTokenFor(peer, 'ada-e2e@example.com'));
    const wrong = await call(ctx, null, {
      method: 'POST',
      url: `/api/signing/${browser.signerId}/access-code`,
      headers: { cookie: browser.cookie },
      json: { code: 'Not-The-Code' },
    });
    expect(wrong.statusCode).toBe(400);
    const right = await call(ctx, null, {
      method: 'POST',
      url: `/api/signing/${browser.signerId}/access-code`,
      headers: { cookie: browser.cookie },
      json: { code: 'Quartz-Tulip-7731' },
    });
    expect(right.statusCode, right.body).toBe(200);
    browser.cookie = cookieFrom(right, browser.cookie);
    expect((await signAs(ctx, browser, { fullName: 'Ada' })).statusCode).toBe(204);
  });

  async function sentTo(email: string): Promise<{ id: string; browser: SigningBrowser }> {
    const created = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'Image checks', content: sampleDocument(), signers: [{ name: 'Ivy', email }] },
    });
    const id = created.json().id as string;
    expect(
      (await call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/send`, json: {} })).statusCode,
    ).toBe(200);
    await drain();
    return { id, browser: await openWith(ctx, latestTokenFor(peer, email)) };
  }

  function signWith(browser: SigningBrowser, png: Buffer) {
    return call(ctx, null, {
      method: 'POST',
      url: `/api/signing/${browser.signerId}/sign`,
      headers: { cookie: browser.cookie, 'user-agent': 'signing-test' },
      json: {
        consentVersion: consentDisclosure.version,
        fields: { fullName: 'Ivy' },
        signature: { kind: 'drawn', image: signatureDataUrl(png) },
      },
    });
  }

  it('refuses a signature PNG whose image data cannot be read, and leaves the signer unsigned', async () => {
    const { id, browser } = await sentTo('ivy-garbage@example.com');
    const garbage = craftedPng({
      width: 2000,
      height: 1000,
      idat: Buffer.from('garbage, not zlib data at all'),
    });
    const refused = await signWith(browser, garbage);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().error.message).toBe('The signature image could not be read');
    const [row] = await ctx.database.db.select().from(signers).where(eq(signers.id, browser.signerId));
    expect(row?.status).not.toBe('signed');
    expect(row?.signedAt).toBeNull();

    // The signer can still sign with a real image, and the contract seals.
    expect((await signWith(browser, signaturePng())).statusCode).toBe(204);
    await drain();
    const signing = (await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/signing` })).json();
    expect(signing.sealedAt).not.toBeNull();
  });

  it('refuses image data that inflates past its declared size, short data, interlacing and trailing bytes', async () => {
    const { browser } = await sentTo('ivy-bomb@example.com');
    const rowBytes = 1 + 300;
    const cases = [
      craftedPng({ width: 300, height: 100, idat: deflateSync(Buffer.alloc(rowBytes * 100 + 5_000_000)) }),
      craftedPng({ width: 300, height: 100, idat: deflateSync(Buffer.alloc(rowBytes * 100 - 1)) }),
      craftedPng({ width: 300, height: 100, idat: deflateSync(Buffer.alloc(rowBytes * 100)), interlace: 1 }),
      Buffer.concat([signaturePng(), Buffer.from('trailing')]),
      signaturePng().subarray(0, 60),
    ];
    for (const png of cases) {
      const refused = await signWith(browser, png);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error.message).toBe('The signature image could not be read');
    }
    const [row] = await ctx.database.db.select().from(signers).where(eq(signers.id, browser.signerId));
    expect(row?.status).not.toBe('signed');
    expect((await signWith(browser, signaturePng())).statusCode).toBe(204);
  });
});

describe('without an SMTP server', () => {
  let ctx: TestContext;
  let owner: TestAccount;
  let drain: () => Promise<void>;
  const logLines: string[] = [];

  beforeAll(async () => {
    ({ ctx, drain } = await setUp((log) => outboxMailer(log, { printAccessLinks: true }), logLines));
    owner = await buildAccount(ctx, { name: 'Olivia Owner' });
  });
  afterAll(async () => {
    await ctx.close();
  });

  /** A value the demo log printed for mail to this address (the newest). */
  function logged(email: string, field: 'link' | 'code'): string {
    const entry = logLines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((line) => line.to === email && typeof line[field] === 'string')
      .at(-1);
    if (!entry) throw new Error(`No ${field} logged for ${email}`);
    return entry[field] as string;
  }

  it("keeps a signer's e-mailed code out of the outbox the sender's admins read", async () => {
    const email = 'sam-outbox@example.com';
    const created = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: {
        title: 'Outbox code',
        content: sampleDocument(),
        signers: [{ name: 'Sam', email, requireEmailCode: true }],
      },
    });
    const id = created.json().id as string;
    expect(
      (await call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/send`, json: {} })).statusCode,
    ).toBe(200);
    await drain();
    const token = new URL(logged(email, 'link')).pathname.split('/').at(-1) ?? '';
    const browser = await openWith(ctx, token);
    const requested = await call(ctx, null, {
      method: 'POST',
      url: `/api/signing/${browser.signerId}/email-code`,
      headers: { cookie: browser.cookie },
    });
    expect(requested.statusCode, requested.body).toBe(204);
    await drain();

    const code = logged(email, 'code');
    expect(code).toMatch(/^\d{6}$/);
    const outbox = await call(ctx, owner, { method: 'GET', url: '/api/mail/outbox' });
    expect(outbox.statusCode, outbox.body).toBe(200);
    const mail = outbox
      .json()
      .items.find((item: { kind: string; toEmail?: string; subject: string }) => item.kind === 'signer_code');
    expect(mail?.subject).toContain('Your code to open "Outbox code"');
    expect(mail?.text ?? null).toBeNull();
    expect(mail?.html ?? null).toBeNull();
    expect(outbox.body).not.toContain(code);

    // The code from the demo log opens the document.
    const confirmed = await call(ctx, null, {
      method: 'POST',
      url: `/api/signing/${browser.signerId}/email-code/confirm`,
      headers: { cookie: browser.cookie },
      json: { code },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });
});
