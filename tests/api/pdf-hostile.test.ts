import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfFileLimits } from '../../src/shared/pdf-file';
import {
  contentBomb,
  crossReferenceBomb,
  crossReferenceLoop,
  deepNesting,
  largePdf,
  manyPages,
  pageTreeLoop,
  streamBomb,
} from '../fixtures/pdf/hostile-pdfs';
import { signInToDemo, startBuiltServer, stopAllServers } from '../support/built-server';
import { demoDataDir } from '../support/built-server-data';
import { probeWhile } from '../support/probe';

/**
 * Against the built server (uploads inspected in their own worker thread) while another client
 * asks /api/health: each hostile file gets its refusal within seconds, and nobody else waits.
 */
describe('hostile PDFs are refused within seconds and stall nobody', () => {
  const stallBoundMs = 3_000;
  let server: Awaited<ReturnType<typeof startBuiltServer>>;
  let cookie: string;

  beforeAll(async () => {
    server = await startBuiltServer({
      DATA_DIR: await demoDataDir('pactum-pdf-hostile-'),
      DEMO: 'true',
    });
    cookie = await signInToDemo(server.base);
    // The upload thread started (and its packages read) before any case is timed.
    expect((await send(crossReferenceLoop())).status).toBe(201);
  }, 180_000); // the built server's start, with the demo seeded: up to 150 s on a busy machine
  afterAll(stopAllServers);

  const send = (file: Buffer) =>
    fetch(`${server.base}/api/contracts/upload-pdf?name=hostile.pdf`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/pdf' },
      body: new Uint8Array(file),
    });

  const bombRefusal =
    'A compressed part of this PDF expands to more than 64 MB: it is not an ordinary document.';

  it.each([
    // The security review of 2026-12-01 (H2): the parser inflates the cross-reference stream to
    // read the file at all; a byte scan for dictionaries missed all but the first of these.
    ['bomb-plain: a cross-reference stream that expands to 100 MB', () => crossReferenceBomb(100, 'plain')],
    [
      'bomb-nested: the same, with /DecodeParms << >> after its /Filter',
      () => crossReferenceBomb(100, 'nested'),
    ],
    [
      'bomb-chain: the same, as [/FlateDecode /FlateDecode] (883 bytes)',
      () => crossReferenceBomb(100, 'chain'),
    ],
    ['the same, its filter named /Flate#44ecode', () => crossReferenceBomb(100, 'escaped')],
    ['page contents that expand to 200 MB through a Flate chain', () => contentBomb(200, 'chain')],
    ['page contents that expand to 200 MB, named /Flate#44ecode', () => contentBomb(200, 'escaped')],
    ['page contents that expand to 100 MB by RunLength', () => contentBomb(100, 'runLength')],
    ['page contents that expand to 100 MB by LZW', () => contentBomb(100, 'lzw')],
  ] as const)(
    '%s is refused by the decoder itself',
    async (_name, make) => {
      const file = make();
      const started = performance.now();
      const { result, latencies } = await probeWhile(server.base, () => send(file));
      expect(result.status).toBe(413);
      expect((await result.json()).error.message).toBe(bombRefusal);
      expect(performance.now() - started).toBeLessThan(20_000);
      expect(Math.max(...latencies)).toBeLessThan(stallBoundMs);
    },
    120_000,
  );

  it.each([
    [
      'a 500 KB stream that expands to 1 GB',
      () => streamBomb(1024),
      413,
      'A compressed part of this PDF expands to more than 64 MB: it is not an ordinary document.',
    ],
    [
      '10,000 tiny pages',
      () => manyPages(10_000),
      413,
      'This PDF has 10,000 pages; a document may have at most 500. Split it into smaller files.',
    ],
    ['a page tree that contains itself', pageTreeLoop, 400, 'This PDF has no pages.'],
    ['arrays nested 500,000 deep', () => deepNesting(500_000), 400, 'This PDF has no pages.'],
  ] as const)(
    '%s',
    async (_name, make, status, message) => {
      const file = make();
      const started = performance.now();
      const { result, latencies } = await probeWhile(server.base, () => send(file));
      expect(result.status).toBe(status);
      expect((await result.json()).error.message).toBe(message);
      expect(performance.now() - started).toBeLessThan(20_000);
      expect(latencies.length).toBeGreaterThan(0);
      expect(Math.max(...latencies)).toBeLessThan(stallBoundMs);
    },
    120_000,
  );

  it('a cross-reference table that points back at itself is read once, and opens', async () => {
    const response = await send(crossReferenceLoop());
    expect(response.status).toBe(201);
    expect((await response.json()).files[0].pageCount).toBe(1);
  });

  it('the largest file accepted is taken while others are answered', async () => {
    const file = largePdf(pdfFileLimits.bytes / 1024 / 1024 - 1);
    const { result, latencies } = await probeWhile(server.base, () => send(file));
    expect(result.status).toBe(201);
    expect((await result.json()).files[0]).toMatchObject({ pageCount: 1, byteSize: file.length });
    expect(Math.max(...latencies)).toBeLessThan(stallBoundMs);
  }, 120_000);
});
