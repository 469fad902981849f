import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import type { App } from '../../src/server/app';
import { advanceClock, resetClock } from '../../src/server/clock';
import type { UploadPolicy } from '../../src/server/uploads/upload-policy';
import { largePdf } from '../fixtures/pdf/hostile-pdfs';
import { pdfFixture } from '../fixtures/pdf/pdf-fixtures';
import {
  buildAccount,
  buildMember,
  buildTestApp,
  call,
  type TestAccount,
  testApp,
} from '../support/test-app';
import { holdClockInWindow } from '../support/test-clock';
import { type TrickledUpload, trickledUpload } from '../support/trickled-upload';

// Uploads shared fairly among organizations (M3 of the security review of 2026-12-01): a body
// must keep arriving, an organization with nothing in flight always finds a place, and an
// organization's stored bytes and hourly uploads are bounded.
const ctx = await testApp();
const hourMs = 60 * 60_000;

const apps: App[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
});
/** The app on this file's database with its own upload policy, listening on a real socket. */
async function appWith(uploadPolicy: Partial<UploadPolicy>) {
  const app = await buildTestApp(ctx.database, { uploadPolicy });
  apps.push(app);
  return { app, address: await app.listen({ port: 0, host: '127.0.0.1' }) };
}

const receiving = () =>
  readdirSync(ctx.database.files.receivedDir).filter((name) => name.endsWith('.upload'));

const app0Upload = (account: TestAccount, url: string, file: Buffer) =>
  ctx.app.inject({
    method: 'POST',
    url,
    payload: file,
    headers: { cookie: account.cookie, 'content-type': 'application/pdf' },
  });

function uploadPdf(app: App, account: TestAccount, file: Buffer | Readable, name: string) {
  return app.inject({
    method: 'POST',
    url: `/api/contracts/upload-pdf?name=${encodeURIComponent(name)}`,
    payload: file,
    headers: { cookie: account.cookie, 'content-type': 'application/pdf' },
  });
}

describe('slow uploads', () => {
  it("from six organizations' eleven people hold every shared place, and a fresh organization still uploads", async () => {
    // A grace long enough that nothing is cut while the places are being taken: this is the reserve.
    const { app, address } = await appWith({ graceMs: 60_000 });
    const people: TestAccount[] = [];
    for (let organization = 0; organization < 6; organization++) {
      const admin = await buildAccount(ctx);
      people.push(admin);
      if (people.length < 11) people.push(await buildMember(ctx, admin));
    }
    const held: TrickledUpload[] = [];
    try {
      // Three each (the most one person may hold), until the 32 shared places are taken.
      for (const person of people) {
        for (let index = 0; index < 3 && held.length < 32; index++) {
          held.push(trickledUpload(address, person.cookie));
        }
      }
      await expect.poll(() => receiving().length, { timeout: 30_000 }).toBe(32);
      const fresh = await buildAccount(ctx);
      const theirs = await uploadPdf(app, fresh, pdfFixture('img2pdf-scan.pdf'), 'theirs.pdf');
      expect(theirs.statusCode, theirs.body).toBe(201);
      // The reserve is for an organization with nothing in flight, not a second pool for the holders.
      const more = await uploadPdf(
        app,
        people[10] as TestAccount,
        pdfFixture('img2pdf-scan.pdf'),
        'more.pdf',
      );
      expect(more.statusCode).toBe(429);
    } finally {
      for (const upload of held) upload.close();
    }
    await expect.poll(() => receiving().length, { timeout: 20_000 }).toBe(0);
  }, 90_000);

  it('are cut with a clear answer once they fall under the minimum rate, and their places come back', async () => {
    const { app, address } = await appWith({ minBytesPerSecond: 64 * 1024, graceMs: 1_000 });
    const slow = await buildAccount(ctx);
    const uploads = [0, 1, 2].map(() => trickledUpload(address, slow.cookie));
    try {
      await expect.poll(() => receiving().length, { timeout: 20_000 }).toBe(3);
      // Its three places are taken: a fourth of the same person's waits…
      const fourth = await uploadPdf(app, slow, pdfFixture('img2pdf-scan.pdf'), 'fourth.pdf');
      expect(fourth.statusCode).toBe(429);
      // …while the bodies trickle, a byte at a time, far under 64 KB a second.
      let answered = false;
      void Promise.all(uploads.map((upload) => upload.answer)).then(() => {
        answered = true;
      });
      const trickle = setInterval(() => {
        for (const upload of uploads) upload.send(Buffer.from('0'));
      }, 100);
      try {
        await expect.poll(() => answered, { timeout: 20_000 }).toBe(true);
      } finally {
        clearInterval(trickle);
      }
      for (const upload of uploads) {
        const answer = await upload.answer;
        expect(answer?.status).toBe(408);
        expect(JSON.parse(answer?.body ?? '{}').error).toEqual({
          code: 'UPLOAD_TOO_SLOW',
          message:
            'The upload arrived too slowly (under 64 KB a second) and was stopped. Check your connection, then upload the file again.',
        });
      }
      // The connections are closed (the rest of a 40 MB body is never read), the files are gone…
      await expect
        .poll(
          () =>
            uploads.every((upload) => upload.request.destroyed || upload.request.socket?.destroyed !== false),
          { timeout: 20_000 },
        )
        .toBe(true);
      await expect.poll(() => receiving().length, { timeout: 20_000 }).toBe(0);
      // …and the person uploads again, at once: a whole body is never cut.
      const again = await uploadPdf(app, slow, pdfFixture('img2pdf-scan.pdf'), 'again.pdf');
      expect(again.statusCode, again.body).toBe(201);
    } finally {
      for (const upload of uploads) upload.close();
    }
  }, 60_000);
});

describe("an organization's bytes", () => {
  const scan = pdfFixture('img2pdf-scan.pdf');
  const agreement = pdfFixture('libreoffice-agreement.pdf');

  it('are bounded by its storage quota, with a message naming it, while another organization still uploads', async () => {
    // Room for the scan and not for the agreement besides.
    const { app } = await appWith({ storageBytes: scan.length + agreement.length - 1 });
    const full = await buildAccount(ctx);
    const other = await buildAccount(ctx);
    const first = await uploadPdf(app, full, scan, 'scan.pdf');
    expect(first.statusCode, first.body).toBe(201);
    const expected = {
      code: 'STORAGE_QUOTA_EXCEEDED',
      message:
        "Your organization's contracts hold 164 KB of files, and this 165 KB upload would pass its storage limit of 329 KB. Delete drafts or PDFs you no longer need, or ask whoever runs Pactum to raise the limit.",
    };
    // Refused on its declared length, before its body is read…
    const declared = await uploadPdf(app, full, agreement, 'agreement.pdf');
    expect(declared.statusCode).toBe(413);
    expect(declared.json().error).toEqual(expected);
    // …and on its real size when it declares none.
    const chunked = await uploadPdf(app, full, Readable.from([agreement]), 'agreement.pdf');
    expect(chunked.statusCode).toBe(413);
    expect(chunked.json().error).toEqual(expected);
    await expect.poll(() => receiving(), { timeout: 10_000 }).toEqual([]);
    const list = await app.inject({ method: 'GET', url: '/api/contracts', headers: { cookie: full.cookie } });
    expect(list.json().items ?? list.json()).toHaveLength(1);
    // Another organization's quota is its own.
    const theirs = await uploadPdf(app, other, agreement, 'agreement.pdf');
    expect(theirs.statusCode, theirs.body).toBe(201);
    // Deleting the draft gives its bytes back.
    const draftId = first.json().id;
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/contracts/${draftId}`,
      headers: { cookie: full.cookie, origin: 'http://localhost:3000' },
    });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const after = await uploadPdf(app, full, agreement, 'agreement.pdf');
    expect(after.statusCode, after.body).toBe(201);
  }, 60_000);

  it('count the documents its sent contracts made, and a file its rows name twice once', async () => {
    const sender = await buildAccount(ctx);
    // Drafted text and the scan: the frozen PDF is a file of its own (a lone PDF may be frozen as is).
    const created = await call(ctx, sender, {
      method: 'POST',
      url: '/api/contracts',
      json: {
        title: 'Supply agreement',
        content: {
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'The annex follows.' }] }],
        },
        signers: [{ name: 'Ada Signer', email: 'ada@example.com' }],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const added = await app0Upload(sender, `/api/contracts/${id}/files?name=scan.pdf`, scan);
    expect(added.statusCode, added.body).toBe(201);
    // The same bytes again, in a second draft: stored once, and charged once.
    expect((await uploadPdf(ctx.app, sender, scan, 'scan again.pdf')).statusCode).toBe(201);
    const sent = await call(ctx, sender, { method: 'POST', url: `/api/contracts/${id}/send`, json: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    const frozen = await call(ctx, sender, { method: 'GET', url: `/api/contracts/${id}/documents/frozen` });
    expect(frozen.statusCode).toBe(200);
    const small = pdfFixture('with-attachment.pdf');
    // The scan and the frozen PDF leave one byte too few for the small file.
    const { app } = await appWith({
      storageBytes: scan.length + frozen.rawPayload.length + small.length - 1,
    });
    const refused = await uploadPdf(app, sender, small, 'small.pdf');
    expect(refused.statusCode, refused.body).toBe(413);
    expect(refused.json().error.code).toBe('STORAGE_QUOTA_EXCEEDED');
    const { app: roomier } = await appWith({
      storageBytes: scan.length + frozen.rawPayload.length + small.length,
    });
    const taken = await uploadPdf(roomier, sender, small, 'small.pdf');
    expect(taken.statusCode, taken.body).toBe(201);
  }, 60_000);

  it('grow by sending too, so duplicating and sending one upload is bounded by the quota', async () => {
    // Room for the scan and two documents made of it, not three.
    const { app } = await appWith({ storageBytes: scan.length * 3 + 50_000 });
    const sender = await buildAccount(ctx);
    const request = (method: 'POST' | 'PATCH', url: string, json: object) =>
      app.inject({
        method,
        url,
        payload: json,
        headers: { cookie: sender.cookie, origin: 'http://localhost:3000' },
      });
    const uploaded = await uploadPdf(app, sender, scan, 'scan.pdf');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const original = uploaded.json().id as string;
    const signers = [{ name: 'Ada Signer', email: 'ada@example.com' }];
    const cover = {
      type: 'doc',
      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'The scan follows.' }] }],
    };
    const answers: number[] = [];
    for (let round = 0; round < 4; round += 1) {
      // A copy names the same file: it costs nothing until it is sent.
      const copy = await request('POST', `/api/contracts/${original}/duplicate`, {});
      expect(copy.statusCode, copy.body).toBeLessThan(300);
      const id = copy.json().id as string;
      const patched = await request('PATCH', `/api/contracts/${id}`, { content: cover, signers });
      expect(patched.statusCode, patched.body).toBe(200);
      const sent = await request('POST', `/api/contracts/${id}/send`, {});
      answers.push(sent.statusCode);
      if (sent.statusCode !== 200) {
        expect(sent.statusCode).toBe(413);
        expect(sent.json().error.code).toBe('STORAGE_QUOTA_EXCEEDED');
        expect(sent.json().error.message).toMatch(
          /^Your organization's contracts hold \d+ KB of files, and sending this contract \(164 KB of PDFs, stored again as the document signed\) would pass its storage limit of \d+ KB\./,
        );
      }
    }
    // Two sends fit beside the upload; the third and later are refused, and stay drafts.
    expect(answers).toEqual([200, 200, 413, 413]);
  }, 90_000);

  it('uploaded in an hour are bounded by its hourly budget, with a message naming it, until the hour ends', async () => {
    const { app } = await appWith({ hourlyBytes: scan.length + agreement.length - 4096 });
    // Held in one hour: uploads on a busy machine take a while, and must not straddle its edge.
    holdClockInWindow(hourMs);
    onTestFinished(resetClock);
    const busy = await buildAccount(ctx);
    const other = await buildAccount(ctx);
    const first = await uploadPdf(app, busy, scan, 'scan.pdf');
    expect(first.statusCode, first.body).toBe(201);
    for (const body of [agreement, Readable.from([agreement])]) {
      const refused = await uploadPdf(app, busy, body, 'agreement.pdf');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.code).toBe('RATE_LIMITED');
      expect(refused.json().error.message).toMatch(
        /^Your organization has uploaded its limit of 325 KB this hour\. Try again in \d+ minutes?\.$/,
      );
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    // A refused upload is not charged: a smaller one still fits what is left.
    const small = await uploadPdf(app, busy, pdfFixture('with-attachment.pdf'), 'small.pdf');
    expect(small.statusCode, small.body).toBe(201);
    const theirs = await uploadPdf(app, other, agreement, 'agreement.pdf');
    expect(theirs.statusCode, theirs.body).toBe(201);
    // The next hour, the budget is whole again.
    advanceClock(hourMs);
    const nextHour = await uploadPdf(app, busy, agreement, 'agreement.pdf');
    expect(nextHour.statusCode, nextHour.body).toBe(201);
  }, 60_000);
});

describe('a received file', () => {
  it('is stored under the SHA-256 of its bytes, whole and in order, however its body arrives', async () => {
    // Hashed in the upload thread once written, no longer on the request thread as it arrives
    // (L3 of the security review of 2026-12-01); written in batches of chunks.
    const { address } = await appWith({});
    const owner = await buildAccount(ctx);
    const file = largePdf(3);
    const sha256 = createHash('sha256').update(file).digest('hex');
    // A real socket, the body in 3,000 uneven pieces, each sent once the last was taken.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(`${address}/api/contracts/upload-pdf?name=large.pdf`, {
        method: 'POST',
        agent: false,
        headers: { cookie: owner.cookie, 'content-type': 'application/pdf', 'content-length': file.length },
      });
      request.on('error', reject);
      request.on('response', (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      let offset = 0;
      const sendMore = () => {
        while (offset < file.length) {
          const piece = file.subarray(offset, offset + 700 + (offset % 1300));
          offset += piece.length;
          if (!request.write(piece)) return void request.once('drain', sendMore);
        }
        request.end();
      };
      sendMore();
    });
    expect(answer.status, answer.body).toBe(201);
    const draft = JSON.parse(answer.body);
    expect(draft.files[0]).toMatchObject({ sha256, byteSize: file.length });
    const downloaded = await call(ctx, owner, {
      method: 'GET',
      url: `/api/contracts/${draft.id}/files/${draft.files[0].id}`,
    });
    expect(downloaded.statusCode).toBe(200);
    expect(createHash('sha256').update(downloaded.rawPayload).digest('hex')).toBe(sha256);
    await expect.poll(() => receiving(), { timeout: 10_000 }).toEqual([]);
  }, 60_000);
});
