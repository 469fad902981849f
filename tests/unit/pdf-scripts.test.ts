import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeDocument } from '../../src/editor/content';
import { renderCertificatePdf, renderSignaturePages } from '../../src/server/pdf/render-completion-pdf';
import { renderContractPdf } from '../../src/server/pdf/render-contract-pdf';

const run = promisify(execFile);
const text = (value: string, ...marks: unknown[]) => ({
  type: 'text',
  text: value,
  ...(marks.length ? { marks } : {}),
});
const para = (...content: unknown[]) => ({ type: 'paragraph', content });
const item = (...content: unknown[]) => ({ type: 'listItem', content });
const sentAt = new Date('2026-11-22T10:05:09Z');
const contract = (content: unknown[], title = 'Umowa — Договор — 合同') =>
  renderContractPdf({
    title,
    content: normalizeDocument({ type: 'doc', content }),
    organizationName: 'Żółć Sp. z o.o.',
    reference: 'Pactum · 7d3c1f0e',
    sentAt,
  }).then((rendered) => rendered.bytes);

let dir: string;
let files = 0;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'pactum-scripts-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function poppler(tool: string, pdf: Uint8Array, ...args: string[]): Promise<string> {
  files += 1;
  const path = join(dir, `${files}.pdf`);
  writeFileSync(path, pdf);
  return (await run(tool, [...args, path, ...(tool === 'pdftotext' ? ['-'] : [])])).stdout;
}
/**
 * pdftotext's text with the bidi embedding marks it puts around right-to-left runs (U+202A–U+202C)
 * removed: the letters inside are in logical order.
 */
const pdfText = async (pdf: Uint8Array, ...args: string[]) =>
  (await poppler('pdftotext', pdf, ...args)).replace(/[\u202a-\u202c]/g, '');

/** Every font in the PDF, which must all be embedded subsets. */
async function fontNames(pdf: Uint8Array): Promise<string[]> {
  const lines = (await poppler('pdffonts', pdf)).trim().split('\n').slice(2);
  return lines.map((line) => {
    const columns = line.trim().split(/\s+/);
    const [emb, sub, uni] = columns.slice(-5, -2);
    expect({ font: columns[0], emb, sub, uni }).toMatchObject({ emb: 'yes', sub: 'yes', uni: 'yes' });
    return (columns[0] ?? '').replace(/^[A-Z]{6}\+/, '').replace(/-Identity-H$/, '');
  });
}

/** Names and sentences a contract of Pactum's customers holds, one per script. */
const scripts = {
  polish: 'Łukasz Żółć, Gdańsk — zażółć gęślą jaźń',
  russian: 'Договор подписан Иваном Петровым',
  greek: 'Η σύμβαση υπογράφηκε από τον Γιώργο Παπαδόπουλο',
  chinese: '本合同由双方签署，自签字之日起生效。',
  japanese: '本契約は署名の日から効力を生じます。カタカナ',
  korean: '이 계약은 서명일로부터 효력이 발생합니다.',
  vietnamese: 'Nguyễn Thị Minh Khai',
};

describe('every script in the contract PDF', () => {
  it('prints Latin, Cyrillic, Greek, Chinese, Japanese and Korean exactly, in embedded subsets', async () => {
    const pdf = await contract(Object.values(scripts).map((value) => para(text(value))));
    const output = await pdfText(pdf);
    for (const value of Object.values(scripts)) expect(output).toContain(value);
    expect(output).toContain('Umowa — Договор — 合同');
    expect(output).toContain('Żółć Sp. z o.o.');
    const fonts = await fontNames(pdf);
    expect(fonts).toEqual(
      expect.arrayContaining(['NotoSans-Regular', 'NotoSans-Bold', 'SourceHanSans-Regular']),
    );
    // One pan-CJK family for Han, kana and Hangul.
    expect(fonts.filter((name) => name.startsWith('SourceHanSans'))).toHaveLength(2);
  });

  it('reads back each contract as written, whatever the thread drew before', async () => {
    // A font lives as long as the PDF thread, and fontkit keeps one glyph object per glyph with
    // the characters it was first drawn for: a contract's text layer used to say what an earlier
    // contract had written with that glyph (after these three, 'يلغى' lost its last letter).
    const readBack = async (line: string) =>
      (await pdfText(await contract([para(text(line))]))).replace(/\s+/g, ' ');
    for (const line of [
      'عام ٢٠٢٦ و ۲۰۲۶ ي ى',
      'Signed by أحمد بن علي on 3 May 2026',
      'الاتفاق لا يلغى',
      'عام ٢٠٢٦ و ۲۰۲۶ ي ى',
    ]) {
      const output = await readBack(line);
      for (const word of line.split(' ')) expect(output, line).toContain(word);
    }
  });

  it('prints Arabic and Hebrew right to left, joined, and pdftotext reads them back in logical order', async () => {
    const pdf = await contract([
      para(text('Signed by أحمد بن علي on 3 May')),
      para(text('Signed by דוד כהן on 3 May 2026')),
      para(text('العقد موقع من الطرفين')),
      // Lam-alef is one glyph for two letters.
      para(text('الاتفاق لا يلغى')),
    ]);
    const output = await pdfText(pdf);
    // Mixed lines read as written: the Arabic or Hebrew run keeps its letters in logical order
    // and sits between the English words.
    // (pdftotext moves the space after the run inside its marks, hence \s*.)
    expect(output).toMatch(/Signed by\s+أحمد بن علي\s*on 3 May/);
    expect(output).toMatch(/Signed by\s+דוד כהן\s*on 3 May 2026/);
    // A line all in Arabic: every word comes back (poppler orders the words of a right-to-left
    // line by its own rules on a page that is mostly left to right).
    for (const word of ['العقد', 'موقع', 'من', 'الطرفين']) expect(output).toContain(word);
    expect(output).toContain('الاتفاق لا يلغى');
    expect(await fontNames(pdf)).toEqual(
      expect.arrayContaining(['IBMPlexSansArabic-Regular', 'NotoSansHebrew-Regular']),
    );
    // Drawn right to left: pdftotext -bbox lists words as drawn, letters left to right ('دمحأ'
    // is 'أحمد' drawn), and the first word of the name is the rightmost, between 'by' and 'on'.
    const boxes = await poppler('pdftotext', pdf, '-bbox');
    const left = (word: string) =>
      Number(new RegExp(`<word xMin="([\\d.]+)"[^>]*>${word}</word>`).exec(boxes)?.[1]);
    expect(left('دمحأ')).toBeGreaterThan(left('نب'));
    expect(left('نب')).toBeGreaterThan(left('يلع'));
    expect(left('يلع')).toBeGreaterThan(left('by'));
    expect(left('دمحأ')).toBeLessThan(left('on'));
  });

  it('prints Hindi in Devanagari, and the words read back as written although their glyphs are reordered', async () => {
    // 'कि' is drawn ि then क, and the reph of 'र्मा' after its syllable: ActualText gives the words.
    const pdf = await contract([para(text('राहुल शर्मा ने अनुबंध पर हस्ताक्षर किए'))]);
    expect(await pdfText(pdf)).toContain('राहुल शर्मा ने अनुबंध पर हस्ताक्षर किए');
    expect(await fontNames(pdf)).toContain('NotoSans-Regular');
  });
});

describe('every script in the signature pages and the certificate', () => {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  const signers = [
    ['Łukasz Żółć', 'Ł. Żółć'],
    ['Иван Петров', 'Иван Петров'],
    ['Γιώργος Παπαδόπουλος', 'Γ. Παπαδόπουλος'],
    ['王小明', '王小明'],
    ['أحمد بن علي', 'أحمد'],
    ['राहुल वर्मा', 'राहुल'],
  ] as const;

  it('prints signer names, field values and typed signatures exactly', async () => {
    const pdf = await renderSignaturePages({
      title: 'Umowa — 合同',
      reference: 'Pactum · 1',
      signers: signers.map(([name, typed], index) => ({
        name,
        email: `signer${index}@example.com`,
        signedAt: new Date(sentAt.getTime() + index * 60_000),
        signatureImage: png,
        ip: '203.0.113.7',
        userAgent: 'Mozilla/5.0',
        fields: [
          { label: 'Typed signature', value: typed },
          { label: 'Город', value: 'Москва' },
        ],
      })),
    });
    const output = await pdfText(pdf);
    for (const [name, typed] of signers) {
      expect(output).toContain(name);
      expect(output).toContain(`Typed signature: ${typed}`);
    }
    expect(output).toContain('Город: Москва');
    expect(output).toContain('Umowa — 合同');
    await fontNames(pdf);
  });

  it('prints the history table with names and details in every script', async () => {
    const pdf = await renderCertificatePdf({
      title: 'Договор',
      reference: 'Pactum · 1',
      organizationName: 'Żółć Sp. z o.o.',
      senderName: 'Łukasz Żółć',
      senderEmail: 'lukasz@example.com',
      completedAt: sentAt,
      frozenSha256: 'a'.repeat(64),
      signedSha256: 'b'.repeat(64),
      events: signers.map(([name], index) => ({
        timestamp: new Date(sentAt.getTime() + index * 60_000),
        action: 'signed',
        actor: name,
        details: index === 0 ? 'Podpisano — 署名' : null,
        ip: '203.0.113.7',
        userAgent: null,
      })),
    });
    const output = await pdfText(pdf);
    for (const [name] of signers) expect(output).toContain(name);
    expect(output).toContain('Podpisano — 署名');
    expect(output).toContain('Łukasz Żółć <lukasz@example.com>');
    await fontNames(pdf);
  });
});

describe('the contract PDF matches the editor', () => {
  const cell = (type: string, value: string, attrs: Record<string, unknown> = {}) => ({
    type,
    attrs,
    content: [para(text(value))],
  });
  const legal = (...items: unknown[]) => ({
    type: 'orderedList',
    attrs: { numbering: 'legal' },
    content: items,
  });

  it('numbers nested legal clauses 1., 1.1, 1.1.1', async () => {
    const pdf = await contract([
      legal(
        item(
          para(text('Definitions')),
          legal(
            item(para(text('Agreement'))),
            item(para(text('Party')), legal(item(para(text('Deep clause'))))),
          ),
        ),
        item(para(text('Term'))),
      ),
    ]);
    const output = await pdfText(pdf, '-layout');
    expect(output).toMatch(
      /1\.\s+Definitions\n\s*1\.1\s+Agreement\n\s*1\.2\s+Party\n\s*1\.2\.1\s+Deep clause\n\s*2\.\s+Term/,
    );
  });

  it('draws tables with a bold header row, spans and aligned cells, and breaks long ones between rows', async () => {
    const rows = Array.from({ length: 80 }, (_, index) => ({
      type: 'tableRow',
      content: [
        cell('tableCell', `Item ${index + 1}`),
        cell('tableCell', `${index + 1}.00`, { align: 'right' }),
      ],
    }));
    const pdf = await contract([
      {
        type: 'table',
        content: [
          { type: 'tableRow', content: [cell('tableHeader', 'Item'), cell('tableHeader', 'Price')] },
          ...rows,
          { type: 'tableRow', content: [cell('tableCell', 'Everything together', { colspan: 2 })] },
        ],
      },
    ]);
    const pages = (await PDFDocument.load(pdf)).getPageCount();
    expect(pages).toBeGreaterThan(1);
    const last = await pdfText(pdf, '-f', String(pages), '-l', String(pages));
    // The header row repeats on the page the table continues on.
    expect(last).toContain('Item');
    expect(last).toContain('Everything together');
    expect(await pdfText(pdf)).toContain('Item 80');
    expect(await fontNames(pdf)).toContain('NotoSans-Bold');
  });

  it('starts the content after a page break on the next page', async () => {
    const pdf = await contract([
      para(text('Before the break')),
      { type: 'pageBreak' },
      para(text('After the break')),
    ]);
    expect(await pdfText(pdf, '-f', '1', '-l', '1')).toContain('Before the break');
    expect(await pdfText(pdf, '-f', '1', '-l', '1')).not.toContain('After the break');
    expect(await pdfText(pdf, '-f', '2', '-l', '2')).toContain('After the break');
  });

  it('makes links clickable and underlines underlined text', async () => {
    const pdf = await contract([
      para(
        text('See the '),
        text('terms', { type: 'link', attrs: { href: 'https://example.com/terms' } }),
        text(' and '),
        text('this', { type: 'underline' }),
      ),
    ]);
    const document = await PDFDocument.load(pdf);
    const annotations = document.getPage(0).node.lookup(PDFName.of('Annots'), PDFArray);
    const uris = annotations.asArray().map((ref) => {
      const action = document.context.lookup(ref, PDFDict).lookup(PDFName.of('A'), PDFDict);
      return action.lookup(PDFName.of('URI'), PDFString).decodeText();
    });
    expect(uris).toEqual(['https://example.com/terms']);
    expect(await pdfText(pdf)).toContain('See the terms and this');
  });

  it('indents paragraphs half an inch a step', async () => {
    const pdf = await contract([
      para(text('Flush')),
      { type: 'paragraph', attrs: { indent: 2 }, content: [text('Indented')] },
    ]);
    const boxes = await poppler('pdftotext', pdf, '-bbox');
    const left = (word: string) =>
      Number(new RegExp(`<word xMin="([\\d.]+)"[^>]*>${word}</word>`).exec(boxes)?.[1]);
    expect(left('Indented') - left('Flush')).toBeCloseTo(72, 0);
  });
});
