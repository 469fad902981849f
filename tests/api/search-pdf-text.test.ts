import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { fileTexts } from '../../src/server/db/schema';
import { readFileText } from '../../src/server/services/search/read-file-text';
import type { UploadEngine } from '../../src/server/uploads/upload-engine';
import { TaskFailure } from '../../src/server/workers/task-failure';
import { pdfTextLimits } from '../../src/shared/limits';
import { pdfFixture } from '../fixtures/pdf/pdf-fixtures';
import { oneLongLine, wordFlood } from '../fixtures/pdf/search-pdfs';
import { outboxBackgroundFor } from '../support/background';
import { buildAccount, call, type TestAccount, testApp } from '../support/test-app';

const ctx = await testApp();
const owner = await buildAccount(ctx);
const stranger = await buildAccount(ctx);
const background = await outboxBackgroundFor(ctx.database, { demo: false, logLines: [] });
afterAll(() => background.close());

type Part = { text: string; marked: boolean };
type Item = { id: string; title: string; passages: Part[][]; unsearchablePages: number };
type FileSearch = { scannedPages: number[]; unsearchablePages: number[] } | null;
type Contract = { id: string; files: { id: string; sha256: string; search: FileSearch }[] };

async function upload(account: TestAccount, name: string, file: Buffer): Promise<Contract> {
  const response = await call(ctx, account, {
    method: 'POST',
    url: `/api/contracts/upload-pdf?name=${encodeURIComponent(name)}`,
    payload: file,
    headers: { 'content-type': 'application/pdf' },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function contract(id: string, account: TestAccount = owner): Promise<Contract> {
  const response = await call(ctx, account, { method: 'GET', url: `/api/contracts/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function search(q: string, account: TestAccount = owner): Promise<Item[]> {
  const response = await call(ctx, account, {
    method: 'GET',
    url: `/api/search?${new URLSearchParams({ q }).toString()}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items;
}

const titles = (items: Item[]) => items.map((item) => item.title).sort();
const marked = (item: Item | undefined) =>
  (item?.passages ?? [])
    .flat()
    .filter((part) => part.marked)
    .map((part) => part.text);

const libreoffice = await upload(owner, 'LibreOffice umowa.pdf', pdfFixture('libreoffice-search.pdf'));
const pending = await contract(libreoffice.id);
const ghostscript = await upload(owner, 'Ghostscript umowa.pdf', pdfFixture('ghostscript-search.pdf'));
const scan = await upload(owner, 'Scan.pdf', pdfFixture('img2pdf-search-scan.pdf'));
const mixed = await upload(owner, 'Text and scans.pdf', pdfFixture('ghostscript-text-and-scans.pdf'));
const overlaid = await upload(owner, 'Scan with text.pdf', pdfFixture('qpdf-scan-with-text.pdf'));
await upload(stranger, 'Stranger umowa.pdf', pdfFixture('libreoffice-search.pdf'));
await background.drain();

describe("uploaded PDFs' text in search", () => {
  it('is read once after the upload: the file says nothing of it before', () => {
    expect(pending.files[0]?.search).toBeNull();
  });

  it('finds words of PDFs from LibreOffice and Ghostscript without their diacritics, with a passage', async () => {
    const found = await search('zolc');
    expect(titles(found)).toEqual([
      'Ghostscript umowa',
      'LibreOffice umowa',
      'Scan with text',
      'Text and scans',
    ]);
    const item = found.find((candidate) => candidate.id === libreoffice.id);
    expect(marked(item)).toEqual(['Żółć']);
    expect(item?.passages[0]?.map((part) => part.text).join('')).toContain('Umowa zawarta w Łodzi pomiędzy');
    expect(titles(await search('ŁODZI gęślą'))).toEqual([
      'Ghostscript umowa',
      'LibreOffice umowa',
      'Scan with text',
      'Text and scans',
    ]);
    // The second page, in Greek, lowercase and without the tonos.
    expect(titles(await search('θεσσαλονικη ποιοτητα'))).toEqual([
      'Ghostscript umowa',
      'LibreOffice umowa',
      'Scan with text',
      'Text and scans',
    ]);
  });

  it("finds only the actor's organization's PDFs", async () => {
    expect(titles(await search('zolc', stranger))).toEqual(['Stranger umowa']);
  });

  it('flags pages without text (scans) in the file and in the search result', async () => {
    expect((await contract(scan.id)).files[0]?.search).toEqual({
      scannedPages: [1, 2],
      unsearchablePages: [1, 2],
    });
    expect((await contract(mixed.id)).files[0]?.search).toEqual({
      scannedPages: [3, 4],
      unsearchablePages: [3, 4],
    });
    expect((await contract(libreoffice.id)).files[0]?.search).toEqual({
      scannedPages: [],
      unsearchablePages: [],
    });
    // A scan whose text is laid over it (in a form XObject, as OCR tools write it) is searchable.
    expect((await contract(overlaid.id)).files[0]?.search).toEqual({
      scannedPages: [],
      unsearchablePages: [],
    });
    const [item] = (await search('zolc')).filter((candidate) => candidate.id === mixed.id);
    expect(item?.unsearchablePages).toBe(2);
    // The list without words says so too.
    const listed = await call(ctx, owner, { method: 'GET', url: '/api/search?limit=50' });
    const byId = new Map((listed.json().items as Item[]).map((entry) => [entry.id, entry]));
    expect(byId.get(mixed.id)?.unsearchablePages).toBe(2);
    expect(byId.get(scan.id)?.unsearchablePages).toBe(2);
    expect(byId.get(libreoffice.id)?.unsearchablePages).toBe(0);
    // Nothing of a scan's page is found, though it shows the same words.
    expect(titles(await search('"Scan"'))).toEqual(['Scan', 'Scan with text']);
    expect((await search('zolc')).some((candidate) => candidate.id === scan.id)).toBe(false);
  });

  it('follows the PDFs a contract holds: a copy shares the text, a PDF removed is no longer found', async () => {
    const copied = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${ghostscript.id}/duplicate`,
      json: {},
    });
    expect(copied.statusCode, copied.body).toBe(201);
    const copy = copied.json() as Contract;
    // The copy's file names the same bytes, whose text was read already: no job needed.
    expect(copy.files[0]?.search).toEqual({ scannedPages: [], unsearchablePages: [] });
    expect((await search('zolc')).some((candidate) => candidate.id === copy.id)).toBe(true);

    const fileId = copy.files[0]?.id ?? '';
    const removed = await call(ctx, owner, {
      method: 'DELETE',
      url: `/api/contracts/${copy.id}/files/${fileId}`,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await search('zolc')).some((candidate) => candidate.id === copy.id)).toBe(false);
  });

  it('stores a file the upload thread fails on as unread, every page listed, and reads it no more', async () => {
    const failing = await upload(owner, 'Failing.pdf', pdfFixture('ghostscript-pdfa.pdf'));
    const [file] = failing.files;
    const uploads = {
      readPdfText: async () => {
        throw new TaskFailure('The task took longer than 20 s', 'timeout');
      },
    } as unknown as UploadEngine;
    await readFileText(
      { db: ctx.database.db, files: ctx.database.files, uploads, log: pino({ level: 'silent' }) },
      { sha256: file?.sha256 ?? '', organizationId: null },
    );
    // The job queued by the upload finds it done.
    await background.drain();
    const [read] = (await contract(failing.id)).files;
    expect(read?.search).toEqual({ scannedPages: [], unsearchablePages: [1, 2] });
    expect(await search('Northwind')).toEqual([]);
  });

  it('keeps a huge text layer bounded: 200,000 characters, the pages past them flagged', async () => {
    const flood = await upload(owner, 'Flood.pdf', wordFlood());
    const line = await upload(owner, 'Line.pdf', oneLongLine());
    await background.drain();

    const [floodFile] = (await contract(flood.id)).files;
    const [stored] = await ctx.database.db
      .select()
      .from(fileTexts)
      .where(eq(fileTexts.sha256, floodFile?.sha256 ?? ''));
    expect(stored?.text.length).toBeLessThanOrEqual(pdfTextLimits.keptCharacters);
    expect(stored?.text.length).toBeGreaterThan(pdfTextLimits.keptCharacters - 100);
    expect(floodFile?.search?.scannedPages).toEqual([]);
    // 20,000 characters a page: the eleventh page is kept in part, the rest not at all.
    expect(floodFile?.search?.unsearchablePages).toEqual(
      Array.from({ length: 49 }, (_, index) => index + 12),
    );
    expect(titles(await search('dostawy umowa'))).toContain('Flood');
    expect(await search('ostatniastrona')).toEqual([]);

    // A million characters on one line: read in the content's order, up to a page's bound.
    const [lineFile] = (await contract(line.id)).files;
    const [lineText] = await ctx.database.db
      .select()
      .from(fileTexts)
      .where(eq(fileTexts.sha256, lineFile?.sha256 ?? ''));
    expect(lineText?.text.length).toBe(pdfTextLimits.charactersPerPage);
    expect(titles(await search('zolc'))).toContain('Line');
  }, 60_000);
});
