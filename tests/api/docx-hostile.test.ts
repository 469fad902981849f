import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docxLimits } from '../../src/server/docx/docx-limits';
import { docxMediaType, maxDocxBytes } from '../../src/shared/docx-file';
import {
  compoundFile,
  deeplyNested,
  docxWithDocument,
  hiddenParagraphProperties,
  manyEntries,
  plainZip,
  renamedPdf,
  zipBomb,
} from '../fixtures/docx/hostile-files';
import { signInToDemo, startBuiltServer, stopAllServers } from '../support/built-server';
import { demoDataDir } from '../support/built-server-data';
import { probeWhile } from '../support/probe';
import { buildAccount, call, testApp } from '../support/test-app';

const ctx = await testApp();
const owner = await buildAccount(ctx);

const upload = (file: Buffer, contentType = docxMediaType) =>
  call(ctx, owner, {
    method: 'POST',
    url: '/api/contracts/import-docx',
    payload: file,
    headers: { 'content-type': contentType },
  });

async function refusal(file: Buffer, status: number) {
  const response = await upload(file);
  expect(response.statusCode).toBe(status);
  return response.json().error.message as string;
}

describe('a hostile or wrong file is refused with its reason', () => {
  it('a zip bomb stops at the inflate cap, whatever its header claims', async () => {
    const bomb = zipBomb(256);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const started = performance.now();
    expect(await refusal(bomb, 413)).toBe(
      `This file expands to more than ${docxLimits.partBytes / 1024 / 1024} MB of text when unpacked: it is not an ordinary Word document.`,
    );
    // Inflating stopped at the cap: 256 MB would take seconds.
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('a file over the upload cap', async () => {
    expect(await refusal(Buffer.alloc(maxDocxBytes + 1, 0x50), 413)).toBe(
      `The file is larger than ${maxDocxBytes / 1024 / 1024} MB`,
    );
  });

  it('XML nested thousands deep', async () => {
    expect(await refusal(deeplyNested(50_000), 413)).toBe(
      `This document's word/document.xml is nested more than ${docxLimits.xmlDepth} levels deep; a Word document never is.`,
    );
  });

  it('thousands of zip entries', async () => {
    expect(await refusal(manyEntries(5_000), 413)).toBe(
      'This file holds 5,000 parts; a Word document has far fewer (at most 1,000 are read).',
    );
  });

  it('a PDF renamed to .docx', async () => {
    expect(await refusal(renamedPdf(), 415)).toBe(
      'This is a PDF file, not a Word document. Import a .docx file.',
    );
  });

  it('a zip without word/document.xml', async () => {
    expect(await refusal(plainZip(), 415)).toBe(
      'This zip file is not a Word document: it has no word/document.xml. Save the document as .docx and try again.',
    );
  });

  it('a password-protected document or an old .doc', async () => {
    expect(await refusal(compoundFile(), 415)).toContain(
      'password-protected document or an older Word file (.doc)',
    );
  });

  it('a damaged zip and a broken document', async () => {
    const cut = docxWithDocument(Buffer.from('<w:document/>'));
    expect(await refusal(cut.subarray(0, cut.length - 30), 400)).toBe(
      'This .docx file is damaged: its parts cannot be found.',
    );
    expect(await refusal(docxWithDocument(Buffer.from('<w:document><w:body><w:p>')), 400)).toMatch(
      /^This \.docx file could not be read/,
    );
  });

  it('a comment of end tags and unclosed paragraph properties hides nothing, and costs one pass', async () => {
    const response = await upload(hiddenParagraphProperties(100_000));
    expect(response.statusCode).toBe(201);
    expect(response.json().contract.content.content.map((node: { type: string }) => node.type)).toEqual([
      'pageBreak',
      'paragraph',
    ]);
  });

  it('anything but a .docx media type, before the body is read', async () => {
    const response = await upload(Buffer.from('{"type":"doc"}'), 'application/json');
    expect(response.statusCode).toBe(415);
    expect(response.json().error.message).toBe('Send the Word document (.docx) as the request body');
    expect((await refusal(Buffer.alloc(0), 400)).length).toBeGreaterThan(0);
  });
});

/** Against the built server (the import in its worker thread) while another client asks /api/health. */
describe('hostile files stall nobody', () => {
  const stallBoundMs = 3_000;
  let server: Awaited<ReturnType<typeof startBuiltServer>>;
  let cookie: string;

  beforeAll(async () => {
    server = await startBuiltServer({
      DATA_DIR: await demoDataDir('pactum-docx-stalls-'),
      DEMO: 'true',
    });
    cookie = await signInToDemo(server.base);
  }, 180_000); // the built server's start, with the demo seeded: up to 150 s on a busy machine
  afterAll(stopAllServers);

  const send = (file: Buffer) =>
    fetch(`${server.base}/api/contracts/import-docx`, {
      method: 'POST',
      headers: { cookie, 'content-type': docxMediaType },
      body: new Uint8Array(file),
    });

  it.each([
    ['a zip bomb', () => zipBomb(256), 413],
    ['XML nested 50,000 deep', () => deeplyNested(50_000), 413],
    ['5,000 zip entries', () => manyEntries(5_000), 413],
    // Read in one pass, not by a lookahead at every unclosed <w:pPr> (which overran the thread's 30 s).
    ['a comment hiding 2.7 million unclosed <w:pPr>', () => hiddenParagraphProperties(2_700_000), 201],
    ['a 20 MB upload', () => Buffer.alloc(maxDocxBytes, 0x50), 415],
  ] as const)(
    '%s',
    async (_name, make, status) => {
      const file = make();
      const { result, latencies } = await probeWhile(server.base, () => send(file));
      expect(result.status).toBe(status);
      expect(latencies.length).toBeGreaterThan(0);
      expect(Math.max(...latencies)).toBeLessThan(stallBoundMs);
    },
    120_000,
  );
});
