import { createHash } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { requestedRange } from '../../src/server/routes/byte-ranges';
import { directoryFileStore } from '../../src/server/uploads/directory-file-store';
import type { FileStore } from '../../src/server/uploads/file-store';
import { scannedPdf } from '../fixtures/pdf/hostile-pdfs';
import { withMail } from '../support/background';
import { draftFromPdf } from '../support/pdf-drafts';
import { latestTokenFor, openLink } from '../support/signing';
import { buildAccount, call, testApp } from '../support/test-app';

const ctx = await testApp();
const owner = await buildAccount(ctx, { name: 'Olivia Owner' });
const { peer, background } = await withMail(ctx);

async function bytesOf(stream: Readable | null): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream ?? []) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

// About 3 MB: three of the database store's 1 MiB chunks, so ranges cross their edges.
const pdf = scannedPdf(3, 3);
const sha256 = createHash('sha256').update(pdf).digest('hex');
const mib = 1024 * 1024;

/** Compared as bytes: a deep comparison of megabytes would take the test's whole time. */
function expectSameBytes(actual: Buffer, expected: Buffer) {
  expect(actual.length).toBe(expected.length);
  expect(actual.equals(expected)).toBe(true);
}

describe('a Range header', () => {
  it('is read as RFC 9110 says, one range at a time', () => {
    expect(requestedRange(undefined, 1000)).toBeNull();
    expect(requestedRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(requestedRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(requestedRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(requestedRange('bytes=-5000', 1000)).toEqual({ start: 0, end: 999 });
    expect(requestedRange('bytes=990-5000', 1000)).toEqual({ start: 990, end: 999 });
    expect(requestedRange('bytes=1000-', 1000)).toBe('unsatisfiable');
    expect(requestedRange('bytes=-0', 1000)).toBe('unsatisfiable');
    // Several ranges, other units, reversed or malformed ones: the whole file.
    for (const header of [
      'bytes=0-1,5-9',
      'items=0-1',
      'bytes=9-1',
      'bytes=-',
      'bytes=abc',
      `bytes=0-${'9'.repeat(30)}`,
    ]) {
      expect(requestedRange(header, 1000)).toBeNull();
    }
  });
});

describe('ranges of stored files', () => {
  const stores: [string, () => Promise<FileStore>][] = [
    [
      'the data directory (embedded database)',
      async () => directoryFileStore(await mkdtemp(join(tmpdir(), 'pactum-ranges-'))),
    ],
    ['the file_chunks table (PostgreSQL)', async () => ctx.database.files],
  ];
  for (const [name, open] of stores) {
    it(`are read exactly from ${name}, across its chunks`, async () => {
      const files = await open();
      await files.write(pdf, sha256);
      expect(await files.size(sha256)).toBe(pdf.length);
      for (const range of [
        { start: 0, end: 0 },
        { start: 0, end: 65_535 },
        { start: mib - 10, end: mib + 10 },
        { start: mib, end: 2 * mib - 1 },
        { start: 100, end: pdf.length - 1 },
        { start: pdf.length - 1, end: pdf.length - 1 },
      ]) {
        expectSameBytes(
          await bytesOf(await files.stream(sha256, range)),
          pdf.subarray(range.start, range.end + 1),
        );
      }
      expect(await files.size('0'.repeat(64))).toBeNull();
    });
  }
});

describe('PDFs answered by range', () => {
  it('lets the field editor and the signing page read a PDF piece by piece', async () => {
    const contract = await draftFromPdf(ctx, owner, pdf, 'scan.pdf');
    const url = `/api/contracts/${contract.id}/files/${contract.files[0].id}`;

    const whole = await call(ctx, owner, { method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expectSameBytes(whole.rawPayload, pdf);

    const part = await call(ctx, owner, {
      method: 'GET',
      url,
      headers: { range: `bytes=${mib - 5}-${mib + 4}` },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes ${mib - 5}-${mib + 4}/${pdf.length}`);
    expect(part.headers['content-length']).toBe('10');
    expectSameBytes(part.rawPayload, pdf.subarray(mib - 5, mib + 5));

    const tail = await call(ctx, owner, { method: 'GET', url, headers: { range: 'bytes=-1024' } });
    expectSameBytes(tail.rawPayload, pdf.subarray(pdf.length - 1024));

    const past = await call(ctx, owner, { method: 'GET', url, headers: { range: `bytes=${pdf.length}-` } });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${pdf.length}`);
    expect(past.rawPayload.length).toBe(0);

    // Another organization asking for a range gets what it gets for the whole file: nothing.
    const stranger = await buildAccount(ctx, { name: 'Sam Stranger' });
    const theirs = await call(ctx, stranger, { method: 'GET', url, headers: { range: 'bytes=0-99' } });
    expect(theirs.statusCode).toBe(404);

    // The signer reads the document as sent by range too.
    await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${contract.id}`,
      json: { signers: [{ name: 'Ελένη Παπαδοπούλου', email: 'eleni.ranges@example.com' }] },
    });
    expect(
      (await call(ctx, owner, { method: 'POST', url: `/api/contracts/${contract.id}/send`, json: {} }))
        .statusCode,
    ).toBe(200);
    await background.drain();
    const signer = await openLink(ctx, latestTokenFor(peer, 'eleni.ranges@example.com'));
    const frozenUrl = `/api/signing/${signer.signerId}/documents/frozen`;
    const frozen = await call(ctx, null, {
      method: 'GET',
      url: frozenUrl,
      headers: { cookie: signer.cookie },
    });
    expect(frozen.statusCode).toBe(200);
    const firstBytes = await call(ctx, null, {
      method: 'GET',
      url: frozenUrl,
      headers: { cookie: signer.cookie, range: 'bytes=0-7' },
    });
    expect(firstBytes.statusCode).toBe(206);
    expectSameBytes(firstBytes.rawPayload, frozen.rawPayload.subarray(0, 8));
    // Without the signing session, no range either.
    expect(
      (await call(ctx, null, { method: 'GET', url: frozenUrl, headers: { range: 'bytes=0-7' } })).statusCode,
    ).toBe(401);
  });
});
