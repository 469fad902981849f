import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { docxMediaType } from '../../src/shared/docx-file';
import { everyContentType } from '../fixtures/docx/every-content-type';
import { buildAccount, call, testApp } from '../support/test-app';

const run = promisify(execFile);

const scratch = mkdtempSync(join(tmpdir(), 'pactum-docx-export-'));

const ctx = await testApp();
const owner = await buildAccount(ctx);
const stranger = await buildAccount(ctx);

async function create(title: string, content: unknown, isTemplate = false) {
  const response = await call(ctx, owner, {
    method: 'POST',
    url: '/api/contracts',
    json: { title, content, isTemplate },
  });
  expect(response.statusCode).toBe(201);
  return response.json();
}

async function download(id: string, account = owner) {
  return call(ctx, account, { method: 'GET', url: `/api/contracts/${id}/docx` });
}

/** LibreOffice opens the file and saves it as `format`; returns the path of what it wrote. */
async function converted(docx: Buffer, name: string, format: 'pdf' | 'fodt'): Promise<string> {
  const dir = mkdtempSync(join(scratch, `${name}-`));
  writeFileSync(join(dir, `${name}.docx`), docx);
  await run(
    'soffice',
    [
      `-env:UserInstallation=file://${dir}/profile`,
      '--headless',
      '--convert-to',
      format,
      '--outdir',
      dir,
      join(dir, `${name}.docx`),
    ],
    { timeout: 120_000 },
  );
  return join(dir, `${name}.${format}`);
}

/** LibreOffice opens the file and prints it; pdftotext reads the printed text back. */
async function printedText(docx: Buffer, name: string): Promise<string> {
  const { stdout } = await run('pdftotext', ['-layout', await converted(docx, name, 'pdf'), '-']);
  return stdout;
}

/**
 * The font weight LibreOffice gives a paragraph or span holding just `text`, in a flat ODF
 * document it wrote: the span's text style if it sets one, else the paragraph style and its parents.
 */
function fontWeight(fodt: string, text: string): string {
  const styles = new Map<string, { parent?: string; weight?: string }>();
  for (const [, head = '', body = ''] of fodt.matchAll(
    /<style:style ([^>]*?)(?:\/>|>([\s\S]*?)<\/style:style>)/g,
  )) {
    const attr = (source: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(source)?.[1];
    const family = attr(head, 'style:family');
    const parent = attr(head, 'style:parent-style-name');
    styles.set(`${family}:${attr(head, 'style:name')}`, {
      ...(parent ? { parent: `${family}:${parent}` } : {}),
      weight: attr(body, 'fo:font-weight'),
    });
  }
  const found = new RegExp(
    `<text:p text:style-name="([^"]*)"[^>]*>(?:<text:span text:style-name="([^"]*)">)?${text}<`,
  ).exec(fodt);
  if (!found) throw new Error(`LibreOffice wrote no paragraph holding just "${text}"`);
  const span = found[2] ? styles.get(`text:${found[2]}`)?.weight : undefined;
  if (span) return span;
  for (let style = styles.get(`paragraph:${found[1]}`); style; ) {
    if (style.weight) return style.weight;
    style = style.parent ? styles.get(style.parent) : undefined;
  }
  return 'normal';
}

describe('downloading a .docx', () => {
  it('writes every content type so that LibreOffice opens and prints it', async () => {
    const contract = await create('Master Services Agreement — Łukasz Żółć', everyContentType);
    const response = await download(contract.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(docxMediaType);
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('Master Services Agreement  Łukasz Żółć.docx')}`,
    );
    const file = response.rawPayload;
    expect(file.subarray(0, 2).toString()).toBe('PK');
    const text = await printedText(file, 'every-content-type');
    const lines = text.split('\n').map((line) => line.trim().replace(/\s+/g, ' '));
    for (const expected of [
      'Master Services Agreement',
      '1. Definitions',
      '1.1 Agreement means this document.',
      '1.2 Services means the work.',
      '2. Term',
      '1. Decimal one',
      'a. Letter a',
      'i. Roman i',
      'ii. Roman ii',
      '2. Decimal two',
      'C. Upper C',
      'IV. Upper IV',
      '• A bullet',
      'A quoted clause.',
      'code line 1',
      'Party Role Fee',
      'Łukasz Żółć Client € 1,000',
      'Signs first none',
      'Total for 王小明 € 1,000',
      'The end.',
    ]) {
      expect(lines).toContain(expected);
    }
    for (const name of ['Анна Кузнецова', 'Ελένη Παπαδοπούλου', 'محمد العلي', 'legal@example.com']) {
      expect(text).toContain(name);
    }
    // The page break: "Fees" starts the second page.
    const pages = text.split('\f');
    expect(pages[0]).toContain('code line 2');
    expect(pages[1]).toContain('Fees');
  }, 180_000);

  it('gives back the same document when imported again', async () => {
    const contract = await create('Round trip', everyContentType);
    const exported = (await download(contract.id)).rawPayload;
    const imported = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts/import-docx',
      payload: exported,
      headers: { 'content-type': docxMediaType },
    });
    expect(imported.statusCode).toBe(201);
    expect(imported.json().notices).toEqual([]);
    expect(imported.json().contract.title).toBe('Round trip');
    expect(imported.json().contract.content).toEqual(contract.content);
  });

  it('writes merge fields as their value, or their label in brackets while empty', async () => {
    const template = await create(
      'Offer',
      {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'Client: ' },
              {
                type: 'mergeField',
                attrs: { key: 'clientName', label: 'Client name', value: 'Ελένη Παπαδοπούλου' },
              },
              { type: 'text', text: ', amount: ' },
              { type: 'mergeField', attrs: { key: 'amount', label: 'Amount', value: null } },
            ],
          },
        ],
      },
      true,
    );
    const response = await download(template.id);
    expect(response.statusCode).toBe(200);
    const back = await call(ctx, owner, {
      method: 'POST',
      url: '/api/docx/convert',
      payload: response.rawPayload,
      headers: { 'content-type': docxMediaType },
    });
    expect(back.json().content.content[0].content).toEqual([
      { type: 'text', text: 'Client: Ελένη Παπαδοπούλου, amount: [Amount]' },
    ]);
  });

  it('writes header cells bold, as the editor and the PDF draw them, in a header row that repeats', async () => {
    const cell = (type: 'tableHeader' | 'tableCell', ...content: unknown[]) => ({
      type,
      attrs: { colspan: 1, rowspan: 1, align: null },
      content: [{ type: 'paragraph', content }],
    });
    const contract = await create('Fee table', {
      type: 'doc',
      content: [
        {
          type: 'table',
          content: [
            {
              type: 'tableRow',
              content: [
                cell('tableHeader', { type: 'text', text: 'Party' }),
                cell('tableHeader', { type: 'text', text: 'Fee' }),
              ],
            },
            {
              type: 'tableRow',
              content: [
                cell('tableCell', { type: 'text', text: 'Acme Ltd' }),
                cell('tableCell', { type: 'text', text: 'EUR 500', marks: [{ type: 'bold' }] }),
              ],
            },
          ],
        },
      ],
    });
    const exported = (await download(contract.id)).rawPayload;

    const fodt = readFileSync(await converted(exported, 'header-row', 'fodt'), 'utf8');
    // The header row is LibreOffice's repeated heading row, and its text is bold.
    expect(fodt).toMatch(/<table:table-header-rows>[\s\S]*Party[\s\S]*Fee[\s\S]*<\/table:table-header-rows>/);
    expect(fontWeight(fodt, 'Party')).toBe('bold');
    expect(fontWeight(fodt, 'Fee')).toBe('bold');
    // A body cell is bold only where its text is.
    expect(fontWeight(fodt, 'Acme Ltd')).toBe('normal');
    expect(fontWeight(fodt, 'EUR 500')).toBe('bold');

    // Imported again, the header row is header cells, with no bold mark added to their text.
    const back = await call(ctx, owner, {
      method: 'POST',
      url: '/api/docx/convert',
      payload: exported,
      headers: { 'content-type': docxMediaType },
    });
    expect(back.json().content).toEqual(contract.content);
  }, 180_000);

  it("is not offered for another organization's contract", async () => {
    const contract = await create('Private', everyContentType);
    expect((await download(contract.id, stranger)).statusCode).toBe(404);
  });

  it('writes a real 30-page agreement that LibreOffice prints in full', async () => {
    const source = readFileSync(new URL('../fixtures/docx/long-agreement.docx', import.meta.url));
    const imported = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts/import-docx',
      payload: source,
      headers: { 'content-type': docxMediaType },
    });
    const exported = (await download(imported.json().contract.id)).rawPayload;
    const text = await printedText(exported, 'long-agreement');
    expect(text.split('\f').length).toBeGreaterThan(20);
    expect(text).toContain('36. Definitions and Interpretation (continued 1)');
    expect(text).toContain('Milestone 36.4');
  }, 180_000);
});
