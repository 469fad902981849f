import { describe, expect, it } from 'vitest';
import type { EditorDocument } from '../../src/shared/api/editor-document';
import { googleDocsOutline, wordMacNestedListsOutline } from '../support/clipboard-outlines';
import {
  outline,
  parseHtml,
  pasteThroughSchema,
  readClipboardFixture,
} from '../support/paste-through-schema';

/** Every word (two letters or more) a reader of the clipboard's page sees. */
function visibleWords(html: string): string[] {
  const document = parseHtml(html);
  for (const hidden of Array.from(document.querySelectorAll('style, script, title, head'))) hidden.remove();
  const texts: string[] = [];
  const collect = (node: Node) => {
    if (node.nodeType === 3) texts.push(node.nodeValue ?? '');
    for (let child = node.firstChild; child; child = child.nextSibling) collect(child);
  };
  collect(document.body);
  return texts.join(' ').match(/\p{L}{2,}/gu) ?? [];
}

function documentText(doc: EditorDocument): string {
  return JSON.stringify(doc)
    .match(/"text":"((?:[^"\\]|\\.)*)"/g)
    ?.map((text) => JSON.parse(text.slice(7)) as string)
    .join(' ') as string;
}

function expectNoWordLost(html: string, doc: EditorDocument): void {
  const text = documentText(doc);
  for (const word of visibleWords(html)) expect(text).toContain(word);
}

describe('real clipboard samples become the contract schema', () => {
  it('Word for Mac: mso-list paragraphs become nested lists, markers and Office markup are gone', () => {
    const html = readClipboardFixture('word-mac-nested-lists.html');
    const { clean, doc } = pasteThroughSchema(html);
    expect(outline(doc)).toEqual(wordMacNestedListsOutline);
    // No bullet glyph typed as text, no Office namespace, no style or comment survives.
    expect(clean).not.toMatch(/·|o:p|mso-|supportLists|<!--|style=|class=|lang=/);
    expectNoWordLost(html, doc);
  });

  it('Word for Mac: bold and centred paragraph styles, a page break, bookmarks gone', () => {
    const html = readClipboardFixture('word-mac-minutes-page-break.html');
    const { clean, doc } = pasteThroughSchema(html);
    expect(outline(doc)).toEqual([
      'p (center): [bold]TITLE',
      'p (center): [bold]Name',
      'p (justify): A',
      // "Minutes Title" is bold and underlined; the span's own text-decoration:none takes the underline off.
      'p (justify): [bold,italic]Bylaws',
      'p (justify): A',
      'p (justify): B',
      'p (justify): [bold,italic]Board of Directors',
      'p (justify) (indent 1): A',
      'p (justify): B',
      'p (center): ([italic]signature page follows)',
      'pageBreak',
      'p (justify): C',
      'p: Name',
      'p: Date of signature:',
      'p: __________________________________',
    ]);
    expect(clean).not.toMatch(/OLE_LINK|mso-|<a |o:p|class=/);
    expectNoWordLost(html, doc);
  });

  it('Word for Mac: tables keep their rows, cells and paragraphs, not their borders or shading', () => {
    const html = readClipboardFixture('word-mac-tables.html');
    const { clean, doc } = pasteThroughSchema(html);
    const row = (...cells: string[][]) => [
      '  tr',
      ...cells.flatMap((paragraphs) => ['    td', ...paragraphs.map((text) => `      p: ${text}`)]),
    ];
    expect(outline(doc)).toEqual([
      'h2: A table, with and without a header row',
      'table',
      ...row(['[bold]Name'], ['[bold]Game'], ['[bold]Fame'], ['[bold]Blame']),
      ...row(['Lebron James'], ['Basketball'], ['Very High'], ['Leaving Cleveland']),
      ...row(['Ryan Braun'], ['Baseball'], ['Moderate'], ['Steroids']),
      ...row(['Russell Wilson'], ['Football'], ['High'], ['Tacky uniform']),
      'table',
      ...row(['Sinple'], ['Table']),
      ...row(['Without'], ['Header']),
      'table',
      ...row(['Simple', 'Multiparagraph'], ['Table', 'Full']),
      ...row(['Of', 'Paragraphs'], ['In each', 'Cell.']),
    ]);
    expect(clean).not.toMatch(/silver|border|width|valign|mso-/);
    expectNoWordLost(html, doc);
  });

  it('Google Docs: styled spans become marks, aria-level items nest, the bold wrapper bolds nothing', () => {
    const html = readClipboardFixture('google-docs-headings-nested-lists.html');
    const { clean, doc } = pasteThroughSchema(html);
    expect(outline(doc)).toEqual(googleDocsOutline);
    expect(clean).not.toMatch(/docs-internal-guid|font-family|aria-level|<b /);
    expectNoWordLost(html, doc);
  });

  const libreOfficeOutline = (tableRows: string[]) => [
    'h1: Services Agreement',
    'p (center): Between [bold]Acme Ltd and [italic]Łukasz Żółć',
    'p: This text is [underline]underlined, this is [strike]struck out, and the terms are at [link=https://example.com/terms]example.com/terms. Write to [link=mailto:legal@example.com]legal@example.com.',
    'h2: Clauses',
    'ol type=1',
    '  li',
    '    p: Definitions',
    '    ol type=1',
    '      li',
    '        p: Agreement means this document.',
    '      li',
    '        p: Services means the work described below.',
    '        ol type=1',
    '          li',
    '            p: Including support.',
    '  li',
    '    p: Payment',
    '    ol type=1',
    '      li',
    '        p: Invoices are due in 30 days.',
    'h2: Obligations',
    'ol type=1',
    '  li',
    '    p: The Supplier shall:',
    '    ol type=a',
    '      li',
    '        p: deliver on time;',
    '        ol type=i',
    '          li',
    '            p: in full;',
    '          li',
    '            p: to the address given.',
    '      li',
    '        p: keep records.',
    '  li',
    '    p: The Client shall pay.',
    'ol type=A',
    '  li',
    '    p: Schedule one',
    '    ol type=I',
    '      li',
    '        p: Part one',
    '      li',
    '        p: Part two',
    'ul',
    '  li',
    '    p: A bullet',
    '    ul',
    '      li',
    '        p: A nested bullet',
    '  li',
    '    p: Another bullet',
    'table',
    ...tableRows,
    'p: Signed in two copies.',
  ];

  it('LibreOffice (a document of its own): lists with every numbering style, a table with a merged cell', () => {
    const html = readClipboardFixture('libreoffice-writer-odt.html');
    const { doc } = pasteThroughSchema(html);
    expect(outline(doc)).toEqual(
      libreOfficeOutline([
        '  tr',
        '    td',
        '      p: Item',
        '    td',
        '      p: Quantity',
        '    td',
        '      p: Price',
        '  tr',
        '    td',
        '      p: Consulting',
        '    td',
        '      p: 10',
        '    td',
        '      p: [bold]1,000 EUR',
        '  tr',
        '    td colspan=2',
        '      p: Total',
        '    td',
        '      p: 10,000 EUR',
      ]),
    );
    expectNoWordLost(html, doc);
  });

  it('LibreOffice (a .docx it opened): numbered headings stay headings, the table keeps its spans', () => {
    const html = readClipboardFixture('libreoffice-writer-docx.html');
    const { doc } = pasteThroughSchema(html);
    expect(outline(doc)).toEqual(
      libreOfficeOutline([
        '  tr',
        '    td',
        '      p: Item',
        '    td colspan=2',
        '      p: Quantity',
        '    td',
        '      p: Price',
        '  tr',
        '    td',
        '      p: Consulting',
        '    td colspan=2',
        '      p: 10',
        '    td',
        '      p: [bold]1,000 EUR',
        '  tr',
        '    td colspan=2',
        '      p: Total',
        '    td colspan=2',
        '      p: 10,000 EUR',
      ]),
    );
    expectNoWordLost(html, doc);
  });

  it('a web page copied in Chromium: computed styles become marks, unsafe links lose only their link', () => {
    const html = readClipboardFixture('web-chromium-terms.html');
    const { clean, doc } = pasteThroughSchema(html);
    expect(outline(doc)).toEqual([
      'h1: Terms of Service',
      'p: [bold]Please read these terms carefully.',
      'p: By using the [italic]Service you agree to these terms. [underline]Read section 3 twice. The [strike]old fee new fee applies. See our [link=https://example.com/privacy]privacy policy or click here. Questions: [link=mailto:help@example.com]help@example.com.',
      'h2: 1. Your account',
      'ol type=1',
      '  li',
      '    p: You must be 18 or older.',
      '    ol type=a',
      '      li',
      '        p: Accounts are personal.',
      '      li',
      '        p: Keep your password secret.',
      '        ol type=i',
      '          li',
      '            p: Use a password manager.',
      '          li',
      '            p: Turn on two-factor sign-in.',
      '  li',
      '    p: We may close accounts that break these terms.',
      'h2: 2. Fees',
      'table',
      '  tr',
      '    th',
      '      p: Plan',
      '    th align=right',
      '      p: Monthly',
      '  tr',
      '    td',
      '      p: Basic',
      '    td align=right',
      '      p: €5',
      '  tr',
      '    td',
      '      p: [bold]Pro',
      '    td align=right',
      '      p: €20',
      'ul',
      '  li',
      '    p: Prices include VAT.',
      '  li',
      '    p: Cancel any time.',
      'quote',
      '  p: We never sell your data.',
      'p: Last updated: 1 January 2026',
    ]);
    expect(clean).not.toMatch(/javascript:|<img|font-family|rgb\(/);
    expectNoWordLost(html, doc);
  });
});
