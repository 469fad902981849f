import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeDocument } from '../../src/editor/content';
import { renderContractPdf } from '../../src/server/pdf/render-contract-pdf';
import { renderRedlinePdf } from '../../src/server/pdf/render-redline-pdf';
import { printable } from '../../src/server/pdf/typst/printable-text';
import type { EditorDocument } from '../../src/shared/api/editor-document';
import { contractLimits } from '../../src/shared/limits';

/**
 * What Typst's PDFs are (tagged, PDF/A-3b for the contract), and that a document reaches the
 * templates as data only: markup in a contract's text is printed, never run.
 */
const run = promisify(execFile);
const text = (value: string, ...marks: unknown[]) => ({
  type: 'text',
  text: value,
  ...(marks.length ? { marks } : {}),
});
const para = (...content: unknown[]) => ({ type: 'paragraph', content });
const item = (...content: unknown[]) => ({ type: 'listItem', content });
const contract = (content: unknown[], title = 'Services Agreement') =>
  renderContractPdf({
    title,
    content: normalizeDocument({ type: 'doc', content }),
    organizationName: 'Northwind Ltd',
    reference: 'Pactum · 7d3c1f0e',
    sentAt: new Date('2026-11-22T10:05:09Z'),
  }).then((rendered) => rendered.bytes);

let dir: string;
let files = 0;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pactum-typst-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function tool(name: string, pdf: Uint8Array, ...args: string[]): Promise<string> {
  files += 1;
  const path = join(dir, `${files}.pdf`);
  writeFileSync(path, pdf);
  const after = name === 'pdftotext' ? ['-'] : name === 'qpdf' ? ['-'] : [];
  return (await run(name, [...args, path, ...after], { maxBuffer: 64 * 1024 * 1024 })).stdout;
}
const pdfText = async (pdf: Uint8Array) => (await tool('pdftotext', pdf)).replace(/[\u202a-\u202c]/g, '');
/** The file with every object written out plainly, for its dictionaries to be read. */
const plain = (pdf: Uint8Array) => tool('qpdf', pdf, '--qdf', '--object-streams=disable');

/** Text that would be code or markup if it were ever read as Typst. */
const markup = [
  '#read("/etc/passwd")',
  '#import "@preview/cetz:0.3.0": *',
  '$x^2$ and *not bold* and _not emphasised_',
  '] ) } #let x = 1',
  '<label> @reference `raw` \\ // not a comment',
];

describe('Typst PDFs', () => {
  it('prints markup-like text in every place literally, and reads no file', async () => {
    const pdf = await contract(
      [
        { type: 'heading', attrs: { level: 1 }, content: [text(markup[0] ?? '')] },
        ...markup.map((line) => para(text(line, { type: 'bold' }))),
        { type: 'bulletList', content: [item(para(text(markup[1] ?? '')))] },
        { type: 'codeBlock', content: [text(markup[2] ?? '')] },
        {
          type: 'table',
          content: [
            { type: 'tableRow', content: [{ type: 'tableHeader', content: [para(text(markup[3] ?? ''))] }] },
            { type: 'tableRow', content: [{ type: 'tableCell', content: [para(text(markup[4] ?? ''))] }] },
          ],
        },
        para({
          type: 'mergeField',
          attrs: { key: 'client', label: 'Client', value: '#read("/etc/hostname")' },
        }),
      ],
      '#import "x.typ": * $title$',
    );
    const output = await pdfText(pdf);
    for (const line of [...markup, '#read("/etc/hostname")', '#import "x.typ": * $title$'])
      expect(output).toContain(line);
    expect(output).not.toMatch(/root:x:0:0/);
  });

  it('writes a tagged PDF/A-3b: headings, lists, tables and paragraphs, the language, an output intent', async () => {
    const pdf = await contract([
      { type: 'heading', attrs: { level: 1 }, content: [text('Terms')] },
      para(text('The supplier delivers.')),
      { type: 'orderedList', content: [item(para(text('First'))), item(para(text('Second')))] },
      {
        type: 'table',
        content: [
          { type: 'tableRow', content: [{ type: 'tableHeader', content: [para(text('Item'))] }] },
          { type: 'tableRow', content: [{ type: 'tableCell', content: [para(text('Bolts'))] }] },
        ],
      },
    ]);
    expect(await tool('pdfinfo', pdf)).toMatch(/Tagged:\s+yes/);
    const objects = await plain(pdf);
    for (const role of ['/Title', '/H1', '/P', '/L', '/LI', '/Lbl', '/LBody', '/Table', '/TR', '/TH', '/TD'])
      expect(objects).toContain(`/S ${role}`);
    expect(objects).toContain('/StructTreeRoot');
    expect(objects).toMatch(/\/Lang \(en\)/);
    expect(objects).toContain('/OutputIntents');
    expect(objects).toMatch(/pdfaid:part>3</);
    expect(objects).toMatch(/pdfaid:conformance>B</);
    expect(objects).not.toMatch(/\/Encrypt|\/JavaScript/);
  });

  it('prints a character no font has as a white square, still PDF/A', async () => {
    const pdf = await contract([para(text('Signed 😀 ✍ ๑ here'))]);
    expect(await pdfText(pdf)).toContain('Signed □ □ □ here');
    expect(await plain(pdf)).toMatch(/pdfaid:part>3</);
    // Every character before and after the missing one kept, whatever the script.
    expect(printable('Żółć😀Ωμέγα ✍')).toBe('Żółć□Ωμέγα □');
    expect(printable('Łódź — 合同')).toBe('Łódź — 合同');
    expect(printable('plain ASCII')).toBe('plain ASCII');
  });

  it('sets a document nested as deeply as a contract may be, every word of it', async () => {
    // Quotes within quotes to the editor's bound (lists stop at nine levels): Typst lays out some
    // forty levels; past twelve the blocks are set flat, and none is lost.
    let node: unknown = para(text('innermost clause'));
    for (let level = 1; level < contractLimits.depth - 1; level += 1)
      node = { type: 'blockquote', content: [para(text(`level${level}`)), node] };
    const output = await pdfText(await contract([node]));
    expect(output).toContain('innermost clause');
    for (let level = 1; level < contractLimits.depth - 1; level += 1)
      expect(output).toContain(`level${level}`);
  });

  it('sets the largest document accepted, page numbers and all', async () => {
    // Every block a contract may have, each as long as fits the character bound.
    const length = Math.floor(contractLimits.characters / contractLimits.blocks) - 20;
    const count = contractLimits.blocks - 1;
    const blocks = Array.from({ length: count }, (_, index) =>
      para(text(`Clause ${index + 1}. ${'word '.repeat(length / 5)}`.slice(0, length))),
    );
    const pdf = await contract(blocks);
    const output = await pdfText(pdf);
    expect(output).toContain(`Clause ${count}.`);
    const pages = Number(/Pages:\s+(\d+)/.exec(await tool('pdfinfo', pdf))?.[1]);
    expect(pages).toBeGreaterThan(100);
    expect(output).toContain(`Page ${pages} of ${pages}`);
  }, 120_000);

  it('typesets a comparison from the same content, its marks as on screen', async () => {
    const pdf = await renderRedlinePdf({
      title: 'Supply Agreement',
      organizationName: 'Northwind Ltd',
      from: {
        number: 1,
        author: 'Łukasz Żółć',
        createdAt: '2026-11-20T09:00:00Z',
        contentHash: 'a'.repeat(64),
      },
      to: {
        number: 2,
        author: 'Łukasz Żółć',
        createdAt: '2026-11-21T09:00:00Z',
        contentHash: 'b'.repeat(64),
      },
      // As compareDocuments gives it: the editor's schema has no insertion or deletion marks.
      content: {
        type: 'doc',
        content: [
          para(
            text('Pay within '),
            text('thirty', { type: 'deletion' }),
            text('fourteen', { type: 'insertion' }),
            text(' days.'),
          ),
        ],
      } as EditorDocument,
      summary: { insertedWords: 1, deletedWords: 1, wordByWord: true },
    });
    const output = (await pdfText(pdf)).replace(/\s+/g, ' ');
    expect(output).toContain('Redline');
    expect(output).toContain('Version 1 · Łukasz Żółć · 2026-11-20 09:00:00 UTC');
    expect(output).toContain(`Content SHA-256 ${'b'.repeat(64)}`);
    expect(output).toContain('Legend: added text · removed text · 1 words added, 1 removed');
    expect(output).toContain('Pay within thirtyfourteen days.');
    expect(await tool('pdfinfo', pdf)).toMatch(/Title:\s+Supply Agreement: comparison of versions 1 and 2/);
  });
});
