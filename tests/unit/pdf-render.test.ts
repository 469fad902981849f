import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeDocument } from '../../src/editor/content';
import { concatenatePdfs, pageCount } from '../../src/server/pdf/assemble-pdf';
import {
  type CertificateInput,
  renderCertificatePdf,
  renderSignaturePages,
} from '../../src/server/pdf/render-completion-pdf';
import { renderContractPdf } from '../../src/server/pdf/render-contract-pdf';
import { sampleContract } from '../../src/server/pdf/sample-document';

const run = promisify(execFile);
const doc = (...content: unknown[]) => normalizeDocument({ type: 'doc', content });
const para = (...content: unknown[]) => ({ type: 'paragraph', content });
const text = (value: string, ...marks: unknown[]) => ({
  type: 'text',
  text: value,
  ...(marks.length ? { marks } : {}),
});
const item = (...content: unknown[]) => ({ type: 'listItem', content });
const sentAt = new Date('2026-11-22T10:05:09Z');
const contract = (content: ReturnType<typeof doc>, title = 'Services Agreement') =>
  renderContractPdf({
    title,
    content,
    organizationName: 'Northwind Ltd',
    reference: 'Pactum · 7d3c1f0e',
    sentAt,
  }).then((rendered) => rendered.bytes);

let dir: string;
let files = 0;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pactum-pdf-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function poppler(tool: string, pdf: Uint8Array, ...args: string[]): Promise<string> {
  files += 1;
  const path = join(dir, `${files}.pdf`);
  writeFileSync(path, pdf);
  return (await run(tool, [...args, path, ...(tool === 'pdftotext' ? ['-'] : [])])).stdout;
}
const pdfText = (pdf: Uint8Array) => poppler('pdftotext', pdf, '-layout');
async function pdfInfo(pdf: Uint8Array): Promise<Record<string, string>> {
  const lines = (await poppler('pdfinfo', pdf, '-isodates')).split('\n');
  return Object.fromEntries(lines.map((line) => [line.split(':')[0] ?? '', line.replace(/^[^:]+:\s*/, '')]));
}

type EmbeddedFont = { name: string; embedded: boolean; subset: boolean };
/** pdffonts' table: every font must be embedded (emb) as a subset (sub), named without its subset tag. */
async function embeddedFonts(pdf: Uint8Array): Promise<EmbeddedFont[]> {
  const lines = (await poppler('pdffonts', pdf)).trim().split('\n').slice(2);
  const fonts = lines.map((line) => {
    const columns = line.trim().split(/\s+/);
    const flags = columns.slice(-5, -2);
    return {
      name: (columns[0] ?? '').replace(/^[A-Z]{6}\+/, '').replace(/-Identity-H$/, ''),
      embedded: flags[0] === 'yes',
      subset: flags[1] === 'yes',
    };
  });
  for (const font of fonts) expect(font, font.name).toMatchObject({ embedded: true, subset: true });
  return fonts;
}

type Word = { page: number; text: string; xMin: number; xMax: number; height: number };
/** Every word with its box in points, from pdftotext -bbox. */
async function words(pdf: Uint8Array): Promise<Word[]> {
  const html = await poppler('pdftotext', pdf, '-bbox');
  const out: Word[] = [];
  let page = 0;
  for (const match of html.matchAll(
    /<page |<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</g,
  )) {
    if (match[0] === '<page ') page += 1;
    else
      out.push({
        page,
        text: match[5] ?? '',
        xMin: Number(match[1]),
        xMax: Number(match[3]),
        height: Number(match[4]) - Number(match[2]),
      });
  }
  return out;
}
const word = (all: Word[], value: string) => {
  const found = all.find((candidate) => candidate.text === value);
  if (!found) throw new Error(`"${value}" is not in the PDF`);
  return found;
};

/** The decompressed content streams: where colours and drawing operators can be checked. */
function contentStreams(pdf: Uint8Array): string {
  const raw = Buffer.from(pdf).toString('latin1');
  let out = '';
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    try {
      out += inflateSync(Buffer.from(match[1] ?? '', 'latin1')).toString('latin1');
    } catch {
      // Not Flate (or an image): nothing to read.
    }
  }
  return out;
}

const A4_WIDTH = 595.28;
const MARGIN = 56;

const everything = doc(
  ...[1, 2, 3, 4, 5, 6].map((level) => ({
    type: 'heading',
    attrs: { level },
    content: [text(`Level${level}`)],
  })),
  para(
    text('plain '),
    text('boldword', { type: 'bold' }),
    text(' '),
    text('italicword', { type: 'italic' }),
    text(' '),
    text('bothword', { type: 'bold' }, { type: 'italic' }),
    text(' '),
    text('struckword', { type: 'strike' }),
    text(' '),
    text('inlinecode()', { type: 'code' }),
    text(' '),
    text('redword', { type: 'textStyle', attrs: { color: '#dc2626' } }),
    text(' before break'),
    { type: 'hardBreak' },
    text('after break'),
  ),
  {
    type: 'codeBlock',
    attrs: { language: 'js' },
    content: [text('function total() {\n    return price * 2;\n}')],
  },
  { type: 'blockquote', content: [para(text('Quoted clause text'))] },
  {
    type: 'bulletList',
    content: [
      item(para(text('Bullet one')), { type: 'bulletList', content: [item(para(text('Nested bullet')))] }),
      item(para(text('Bullet two'))),
    ],
  },
  {
    type: 'orderedList',
    attrs: { start: 3 },
    content: [
      item(para(text('Third clause')), { type: 'orderedList', content: [item(para(text('Inner first')))] }),
      item(para(text('Fourth clause'))),
    ],
  },
  {
    type: 'orderedList',
    attrs: { start: 1, type: 'i' },
    content: [item(para(text('Roman one'))), item(para(text('Roman two')))],
  },
  { type: 'horizontalRule' },
  ...['left', 'center', 'right'].map((align) => ({
    type: 'paragraph',
    attrs: { textAlign: align },
    content: [text(`Aligned${align}`)],
  })),
  { type: 'paragraph' },
  para(text('The end.')),
);

describe('contract PDF', () => {
  it('renders every node and mark of the editor', async () => {
    const pdf = await contract(everything);
    const output = await pdfText(pdf);
    for (const fragment of [
      'Services Agreement',
      'Northwind Ltd · Sent for signature on 22 November 2026',
      'Quoted clause text',
      'The end.',
    ]) {
      expect(output).toContain(fragment);
    }
    for (let level = 1; level <= 6; level += 1) expect(output).toContain(`Level${level}`);
    expect(output).toMatch(
      /plain boldword italicword bothword struckword inlinecode\(\) redword before break\n\s*after break/,
    );
    expect(output).toMatch(/function total\(\) \{\n\s*return price \* 2;\n\s*\}/);
    expect(output).toMatch(/•\s+Bullet one\n\s*–\s+Nested bullet\n\s*•\s+Bullet two/);
    expect(output).toMatch(/3\.\s+Third clause\n\s*1\.\s+Inner first\n\s*4\.\s+Fourth clause/);
    expect(output).toMatch(/i\.\s+Roman one\n\s*ii\.\s+Roman two/);
    expect(output).toContain('Page 1 of 1');

    const fonts = await embeddedFonts(pdf);
    expect(new Set(fonts.map((font) => font.name))).toEqual(
      new Set([
        'NotoSans-Regular',
        'NotoSans-Bold',
        'NotoSans-Italic',
        'NotoSans-BoldItalic',
        'NotoSansMono-Regular',
      ]),
    );
    // #dc2626 (220, 38, 38) as a fill colour.
    expect(contentStreams(pdf)).toMatch(/0\.8627\d* 0\.149\d* 0\.149\d* scn/);

    const all = await words(pdf);
    // Code keeps its indentation: 'return' starts four monospaced spaces right of 'function'.
    const code = word(all, 'return').xMin - word(all, 'function').xMin;
    expect(code).toBeGreaterThan(15);
    // Headings step down in size with their level.
    const heights = [1, 2, 3, 4, 5, 6].map((level) => word(all, `Level${level}`).height);
    for (let index = 1; index < heights.length; index += 1) {
      expect(heights[index]).toBeLessThanOrEqual(heights[index - 1] ?? 0);
    }
    expect(heights[0]).toBeGreaterThan((heights[5] ?? 0) * 1.4);
    // Alignment: flush left, centred, flush right within the margins.
    expect(word(all, 'Alignedleft').xMin).toBeCloseTo(MARGIN, 0);
    const centre = word(all, 'Alignedcenter');
    expect((centre.xMin + centre.xMax) / 2).toBeCloseTo(A4_WIDTH / 2, 0);
    expect(word(all, 'Alignedright').xMax).toBeCloseTo(A4_WIDTH - MARGIN, 0);
  });

  it('draws a line through struck text', async () => {
    // Counts stroked paths ('S' operators): the strike adds exactly one to what the page draws anyway.
    const drawn = async (marks: unknown[]) =>
      (contentStreams(await contract(doc(para(text('clause', ...marks))))).match(/\nS\n/g) ?? []).length;
    expect(await drawn([{ type: 'strike' }])).toBe((await drawn([])) + 1);
  });

  it('numbers every page of a long document in its footer', async () => {
    const long = doc(
      ...Array.from({ length: 200 }, (_, index) => para(text(`Paragraph ${index + 1} of the agreement.`))),
    );
    const pdf = await contract(long);
    const pages = Number((await pdfInfo(pdf)).Pages);
    expect(pages).toBeGreaterThan(1);
    expect(await pageCount(pdf)).toBe(pages);
    const output = await pdfText(pdf);
    const footers = [...output.matchAll(/Page (\d+) of (\d+)/g)];
    expect(footers.map((match) => Number(match[1]))).toEqual(
      Array.from({ length: pages }, (_, index) => index + 1),
    );
    expect(new Set(footers.map((match) => Number(match[2])))).toEqual(new Set([pages]));
    expect(output).toContain('Paragraph 200 of the agreement.');
    // The running header repeats the title on every page.
    expect(output.match(/Services Agreement/g)?.length).toBeGreaterThanOrEqual(pages);
  });

  it('gives the same bytes for the same input, dated when it was sent', async () => {
    const [first, second] = await Promise.all([contract(everything), contract(everything)]);
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    const info = await pdfInfo(first);
    expect(info.Author).toBe('Northwind Ltd');
    expect(info.Title).toBe('Services Agreement');
    expect(info.CreationDate).toBe('2026-11-22T10:05:09Z');
    expect(info.ModDate).toBe('2026-11-22T10:05:09Z');
  });

  it('prints every character as written, in embedded subset fonts', async () => {
    const pdf = await contract(
      // 'Z' + combining dot above: composed, so it prints as the 'Ż' every font has.
      doc(para(text('Zürich “quoted” € — Łódź İstanbul 契約 Z\u0307ółć\u200b ﬁnal\tend'))),
      'Vertrag — 契約',
    );
    const output = await pdfText(pdf);
    expect(output).toMatch(/Zürich “quoted” € — Łódź İstanbul 契約 Żółć ﬁnal +end/);
    expect(output).toContain('Vertrag — 契約');
    expect((await pdfInfo(pdf)).Title).toBe('Vertrag — 契約');
    const fonts = await embeddedFonts(pdf);
    expect(fonts.map((font) => font.name)).toContain('SourceHanSans-Regular');
    expect(fonts.map((font) => font.name)).toContain('SourceHanSans-Bold');
  });

  it('prints a character no font has as a missing-glyph box in an embedded font', async () => {
    const pdf = await contract(doc(para(text('Signed 😀 ✍ ๑'))));
    expect(await pdfText(pdf)).toContain('Signed');
    // embeddedFonts fails on any font not embedded as a subset (the layout's Helvetica default).
    expect((await embeddedFonts(pdf)).map((font) => font.name)).not.toContain('Helvetica');
  });

  it('breaks a word longer than the line instead of cutting it off at the page edge', async () => {
    const token = `https://example.com/${'a1b2c3d4'.repeat(40)}`;
    const pdf = await contract(doc(para(text(`See ${token} for details.`))));
    const output = await pdfText(pdf);
    // Cut where the line ends, without a hyphen (which would read as part of the address).
    expect(output.replace(/\n\s*/g, '')).toContain(token);
    for (const box of await words(pdf)) expect(box.xMax).toBeLessThanOrEqual(A4_WIDTH - MARGIN + 1);
  });

  it('builds sample contracts of about the requested length, valid for the editor', async () => {
    const short = sampleContract(1);
    expect(() => normalizeDocument(short)).not.toThrow();
    const types = new Set<string>();
    const visit = (node: { type: string; marks?: { type: string }[]; content?: unknown[] }) => {
      types.add(node.type);
      for (const mark of node.marks ?? []) types.add(mark.type);
      for (const child of node.content ?? []) visit(child as typeof node);
    };
    visit(short);
    for (const type of [
      'heading',
      'paragraph',
      'bold',
      'italic',
      'strike',
      'code',
      'textStyle',
      'hardBreak',
      'bulletList',
      'orderedList',
      'blockquote',
      'codeBlock',
      'horizontalRule',
    ]) {
      expect(types).toContain(type);
    }
    expect(await pageCount(await contract(short))).toBe(1);
    const ten = await pageCount(await contract(sampleContract(10)));
    expect(ten).toBeGreaterThanOrEqual(9);
    expect(ten).toBeLessThanOrEqual(11);
  });
});

describe('assembling PDFs', () => {
  it('concatenates page by page, deterministically, without object streams', async () => {
    const one = await contract(doc(para(text('First part.'))), 'First document');
    const many = await contract(
      doc(...Array.from({ length: 120 }, () => para(text('Second part.')))),
      'Second',
    );
    const manyPages = await pageCount(many);
    const joined = await concatenatePdfs([one, many]);
    expect(Number((await pdfInfo(joined)).Pages)).toBe(1 + manyPages);
    expect(await pageCount(joined)).toBe(1 + manyPages);
    const output = await pdfText(joined);
    expect(output.indexOf('First part.')).toBeLessThan(output.indexOf('Second part.'));
    const info = await pdfInfo(joined);
    expect(info.Title).toBe('First document');
    expect(info.Author).toBe('Northwind Ltd');
    expect(Buffer.from(await concatenatePdfs([one, many])).equals(Buffer.from(joined))).toBe(true);
    const raw = Buffer.from(joined).toString('latin1');
    expect(raw).not.toContain('/ObjStm');
    expect(raw).toMatch(/\nxref\n/);
  });
});

/** A 1×1 PNG: all a signature image needs to be for the layout. */
const png = () =>
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
    'base64',
  );

const userAgent =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';

describe('signature pages', () => {
  const signers = [
    {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      signedAt: new Date('2026-11-22T10:05:09Z'),
      signatureImage: png(),
      ip: '203.0.113.7',
      userAgent,
      fields: [{ label: 'Job title', value: 'Chief Executive Officer' }],
    },
    {
      name: 'Grace Hopper',
      email: 'grace@contoso.example',
      signedAt: new Date('2026-11-23T08:00:00Z'),
      signatureImage: png(),
      ip: null,
      userAgent: null,
      fields: [],
    },
  ];

  it('shows each signer with their signature, time and fields', async () => {
    const pdf = await renderSignaturePages({
      title: 'Services Agreement',
      reference: 'Pactum · 7d3c1f0e',
      signers,
    });
    const output = await pdfText(pdf);
    for (const fragment of [
      'Signatures',
      'Ada Lovelace',
      'ada@example.com',
      'Signed 2026-11-22 10:05:09 UTC',
      'Job title: Chief Executive Officer',
      'IP 203.0.113.7',
      'Grace Hopper',
      'grace@contoso.example',
      'Signed 2026-11-23 08:00:00 UTC',
      'Signature page 1 of 1',
    ]) {
      expect(output).toContain(fragment);
    }
    // One image per signer (an alpha channel adds 'smask' rows, which are not counted).
    const images = (await poppler('pdfimages', pdf, '-list'))
      .split('\n')
      .filter((line) => line.trim().split(/\s+/)[2] === 'image');
    expect(images).toHaveLength(2);
    expect((await pdfInfo(pdf)).ModDate).toBe('2026-11-23T08:00:00Z');
  });

  it('runs a signer with more fields than a page holds on to the next pages, each line legible', async () => {
    const [ada] = signers;
    if (!ada) throw new Error('the signers above');
    const fields = Array.from({ length: 120 }, (_, index) => ({
      label: `Field ${index + 1}`,
      value: `Value number ${index + 1}`,
    }));
    const pdf = await renderSignaturePages({
      title: 'Order form',
      reference: 'Pactum · 7d3c1f0e',
      signers: [{ ...ada, fields }],
    });
    // Kept in one unsplittable block, 120 lines were squeezed onto one page on top of each other:
    // laid out as the page shows them, every field is a line of its own, in order.
    const lines = (await poppler('pdftotext', pdf, '-layout'))
      .split('\n')
      .map((line) => /Field (\d+): Value number (\d+)\s*$/.exec(line.trim()))
      .filter((match) => match !== null);
    expect(lines.map((match) => Number(match[1]))).toEqual(fields.map((_, index) => index + 1));
    expect(lines.every((match) => match[1] === match[2])).toBe(true);
    expect((await pdfText(pdf)).match(/Signature page 1 of (\d+)/)?.[1]).toBe('3');
  });

  it('refuses a signature that is not a PNG', async () => {
    const broken = [{ ...signers[0], signatureImage: new TextEncoder().encode('<svg/>') }] as typeof signers;
    await expect(renderSignaturePages({ title: 'T', reference: 'R', signers: broken })).rejects.toThrow(
      /not a PNG/,
    );
  });
});

describe('certificate of completion', () => {
  const frozenSha256 = 'f'.repeat(8) + '0123456789abcdef'.repeat(3) + 'e'.repeat(8);
  const signedSha256 = '5'.repeat(8) + 'fedcba9876543210'.repeat(3) + '1'.repeat(8);
  const events = Array.from({ length: 45 }, (_, index) => ({
    timestamp: new Date(Date.UTC(2026, 10, 22, 9, index)),
    action: `action_${String(index + 1).padStart(2, '0')}`,
    actor: index % 2 ? 'Ada Lovelace <ada@example.com>' : 'Grace Hopper',
    details: index % 3 ? null : 'Sent to 2 signers',
    ip: index % 4 ? '203.0.113.7' : '2001:db8:85a3::8a2e:370:7334',
    userAgent: index % 5 ? userAgent : null,
  }));
  const certificate = (history = events, fieldsFilled?: CertificateInput['fieldsFilled']) =>
    renderCertificatePdf({
      ...(fieldsFilled ? { fieldsFilled } : {}),
      title: 'Services Agreement',
      reference: 'Pactum · 7d3c1f0e',
      organizationName: 'Northwind Ltd',
      senderName: 'Ada Lovelace',
      senderEmail: 'ada@example.com',
      completedAt: new Date('2026-11-23T08:00:00Z'),
      frozenSha256,
      signedSha256,
      events: history,
    });

  it('states the document, both hashes and every event of its history', async () => {
    const pdf = await certificate();
    const output = await pdfText(pdf);
    for (const fragment of [
      'Certificate of Completion',
      'Services Agreement',
      'Pactum · 7d3c1f0e',
      'Northwind Ltd',
      'Ada Lovelace <ada@example.com>',
      '2026-11-23 08:00:00 UTC',
      frozenSha256,
      signedSha256,
      '2026-11-22',
      'User agent: not recorded',
    ]) {
      expect(output).toContain(fragment);
    }
    // Shown with spaces for underscores, so a long action wraps between its words.
    for (const event of events) expect(output).toContain(event.action.replaceAll('_', ' '));
    // An IPv6 address wraps at its column's width, with no hyphen added.
    expect(output).toMatch(/2001:db8:85a3::8a\n.*\s2e:370:7334\n/);
    const pages = await pageCount(pdf);
    expect(pages).toBeGreaterThan(1);
    expect(output).toContain(`Certificate page ${pages} of ${pages}`);
    // The table header repeats on every page the history continues on.
    expect(output.match(/Time \(UTC\)\s+Action\s+Actor\s+Details\s+IP address/g)).toHaveLength(pages);
  });

  it('runs a history row taller than a page on to the next, losing none of it', async () => {
    // A signer who filled 200 fields: the history's entry of their signature lists every value.
    const values = Array.from({ length: 200 }, (_, index) => `Field ${index + 1}: value ${index + 1}`);
    const pdf = await certificate([
      { ...(events[0] as (typeof events)[number]), action: 'signed', details: values.join('; ') },
    ]);
    if (process.env.PDF_SCREENSHOTS)
      writeFileSync(join(process.env.PDF_SCREENSHOTS, 'long-history-row.pdf'), pdf);
    const output = (await pdfText(pdf)).replace(/\s+/g, ' ');
    for (const value of [values[0], values[99], values[199]]) expect(output).toContain(value);
  });

  it('lists every field filled, pages of them, under who filled them and when', async () => {
    const signedAt = [new Date('2026-11-23T07:00:00Z'), new Date('2026-11-23T08:00:00Z')];
    const people = ['Ελένη Παπαδοπούλου <eleni@example.com>', 'Иван Петров <ivan@example.com>'];
    const fields = Array.from({ length: 300 }, (_, index) => ({
      label: `Initials (page ${(index % 150) + 1})`,
      value: index === 149 ? 'A note on two lines\nits second line — 第二行' : `value ${index + 1}`,
      signer: people[index < 150 ? 0 : 1] ?? '',
      at: signedAt[index < 150 ? 0 : 1] ?? new Date(),
    }));
    const pdf = await certificate(events.slice(0, 3), fields);
    const output = await pdfText(pdf);
    // Who and when, once for each signer's run of fields, in order.
    expect(output.match(/Παπαδοπούλου <eleni@example\.com>, 2026-11-23 07:00:00 UTC/g)).toHaveLength(1);
    expect(output.match(/Петров <ivan@example\.com>, 2026-11-23 08:00:00 UTC/g)).toHaveLength(1);
    expect(output.indexOf('eleni@example.com>, 2026')).toBeLessThan(
      output.indexOf('ivan@example.com>, 2026'),
    );
    // Every value, on its line, across the pages they run on to.
    const lines = [...output.matchAll(/Initials \(page (\d+)\): value (\d+)/g)];
    expect(lines).toHaveLength(299);
    expect(output).toContain('Initials (page 150): A note on two lines\nits second line — 第二行');
    expect(await pageCount(pdf)).toBeGreaterThan(5);
  });

  it('wraps long user agents inside the page', async () => {
    const pdf = await certificate();
    const all = await words(pdf);
    for (const box of all) expect(box.xMax).toBeLessThanOrEqual(A4_WIDTH - MARGIN + 1);
    // Every piece of the user agent is there, in order, on consecutive lines of its row.
    const output = (await pdfText(pdf)).replace(/\s+/g, ' ');
    expect(output).toContain(`User agent: ${userAgent}`);
  });
});
