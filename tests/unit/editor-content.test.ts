import { describe, expect, it } from 'vitest';
import { ContentTooLargeError, InvalidContentError, normalizeDocument } from '../../src/editor/content';
import { renderDocumentHtml } from '../../src/editor/html';
import { contractLimits } from '../../src/shared/limits';
import { nestedList } from '../support/nested-list';

const doc = (...content: unknown[]) => ({ type: 'doc', content });
const para = (...content: unknown[]) => ({ type: 'paragraph', content });
const text = (value: string, marks?: unknown[]) => ({
  type: 'text',
  text: value,
  ...(marks ? { marks } : {}),
});

describe('contract documents', () => {
  it('accepts every content type of the editor and renders it', () => {
    const every = doc(
      ...[1, 2, 3, 4, 5, 6].map((level) => ({
        type: 'heading',
        attrs: { level },
        content: [text(`H${level}`)],
      })),
      para(
        text('b', [{ type: 'bold' }]),
        text('i', [{ type: 'italic' }]),
        text('s', [{ type: 'strike' }]),
        text('c', [{ type: 'code' }]),
        { type: 'hardBreak' },
        text('red', [{ type: 'textStyle', attrs: { color: '#dc2626' } }]),
      ),
      { type: 'codeBlock', content: [text('const a = 1;')] },
      { type: 'blockquote', content: [para(text('quoted'))] },
      { type: 'bulletList', content: [{ type: 'listItem', content: [para(text('one'))] }] },
      { type: 'orderedList', content: [{ type: 'listItem', content: [para(text('first'))] }] },
      { type: 'horizontalRule' },
      ...['left', 'center', 'right', 'justify'].map((align) => ({
        type: 'paragraph',
        attrs: { textAlign: align },
        content: [text(align)],
      })),
    );
    const html = renderDocumentHtml(normalizeDocument(every));
    for (const fragment of [
      '<h1>H1</h1>',
      '<h6>H6</h6>',
      '<strong>b</strong>',
      '<em>i</em>',
      '<s>s</s>',
      '<code>c</code>',
      '<br',
      '<span style="color: #dc2626">red</span>',
      '<pre><code>const a = 1;</code></pre>',
      '<blockquote><p>quoted</p></blockquote>',
      '<ul><li><p>one</p></li></ul>',
      '<ol><li><p>first</p></li></ol>',
      '<hr',
      'style="text-align: center"',
      'style="text-align: justify"',
    ]) {
      expect(html).toContain(fragment);
    }
  });

  it('holds what contracts use: underline, links, tables, page breaks, numbering styles, indent', () => {
    const item = (value: string, ...nested: unknown[]) => ({
      type: 'listItem',
      content: [para(text(value)), ...nested],
    });
    const cell = (type: string, value: string, attrs = {}) => ({ type, attrs, content: [para(text(value))] });
    const normalized = normalizeDocument(
      doc(
        para(
          text('u', [{ type: 'underline' }]),
          text('site', [{ type: 'link', attrs: { href: 'https://example.com/terms?a=1' } }]),
          text('mail', [{ type: 'link', attrs: { href: 'mailto:legal@example.com' } }]),
        ),
        {
          type: 'orderedList',
          attrs: { numbering: 'legal' },
          content: [
            item('Definitions', {
              type: 'orderedList',
              attrs: { numbering: 'legal' },
              content: [item('Term')],
            }),
          ],
        },
        { type: 'orderedList', attrs: { type: 'i', start: 3 }, content: [item('roman')] },
        { type: 'pageBreak' },
        { type: 'paragraph', attrs: { indent: 2 }, content: [text('indented')] },
        {
          type: 'table',
          content: [
            { type: 'tableRow', content: [cell('tableHeader', 'Party'), cell('tableHeader', 'Role')] },
            {
              type: 'tableRow',
              content: [cell('tableCell', 'Łukasz Żółć', { align: 'right' }), cell('tableCell', 'Buyer')],
            },
          ],
        },
      ),
    );
    const html = renderDocumentHtml(normalized);
    for (const fragment of [
      '<u>u</u>',
      'href="https://example.com/terms?a=1"',
      'rel="noopener noreferrer nofollow"',
      'href="mailto:legal@example.com"',
      '<ol data-numbering="legal" class="legal-numbering">',
      'type="i"',
      'start="3"',
      '<div data-type="page-break" class="page-break"></div>',
      'data-indent="2"',
      '<th colspan="1" rowspan="1"><p>Party</p></th>',
      'Łukasz Żółć',
    ]) {
      expect(html).toContain(fragment);
    }
  });

  it('keeps a contract stored before these content types as it was', () => {
    const old = doc(
      { type: 'heading', attrs: { level: 1, textAlign: null }, content: [text('Agreement')] },
      {
        type: 'orderedList',
        attrs: { start: 1, type: null },
        content: [{ type: 'listItem', content: [para(text('x'))] }],
      },
    );
    const normalized = normalizeDocument(old);
    expect(renderDocumentHtml(normalized)).toBe('<h1>Agreement</h1><ol><li><p>x</p></li></ol>');
  });

  it('escapes text, so typed markup stays text', () => {
    const html = renderDocumentHtml(
      normalizeDocument(doc(para(text('<script>alert(1)</script><img src=x onerror=alert(1)>')))),
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
  });

  it('drops attributes the schema does not define', () => {
    const normalized = normalizeDocument(
      doc({ type: 'paragraph', attrs: { onclick: 'alert(1)' }, content: [text('x')] }),
    );
    expect(JSON.stringify(normalized)).not.toContain('onclick');
    expect(renderDocumentHtml(normalized)).not.toContain('onclick');
  });

  it.each<[string, unknown]>([
    ['an unknown node', doc({ type: 'script', content: [text('x')] })],
    ['a link mark', doc(para(text('x', [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }])))],
    [
      'a colour carrying CSS',
      doc(para(text('x', [{ type: 'textStyle', attrs: { color: 'red;background:url(javascript:x)' } }]))),
    ],
    [
      'a quote breaking out of an attribute',
      doc({ type: 'paragraph', attrs: { textAlign: 'left" onmouseover="x' } }),
    ],
    ['a heading level 7', doc({ type: 'heading', attrs: { level: 7 }, content: [text('x')] })],
    [
      'a code language with markup',
      doc({ type: 'codeBlock', attrs: { language: '"><script>' }, content: [text('x')] }),
    ],
    ['text at the top level', doc(text('loose'))],
    [
      'a list starting at a word',
      doc({
        type: 'orderedList',
        attrs: { start: 'one' },
        content: [{ type: 'listItem', content: [para(text('x'))] }],
      }),
    ],
    [
      'a list of an unknown type',
      doc({
        type: 'orderedList',
        attrs: { start: 1, type: 'disc' },
        content: [{ type: 'listItem', content: [para(text('x'))] }],
      }),
    ],
    ...[
      'javascript:alert(1)',
      'data:text/html,x',
      'file:///etc/passwd',
      'https://exa mple.com',
      'mailto:nobody',
      `https://example.com/${'a'.repeat(3000)}`,
    ].map((href): [string, unknown] => [
      `a link to ${href.slice(0, 30)}`,
      doc(para(text('x', [{ type: 'link', attrs: { href } }]))),
    ]),
    [
      'a link opening elsewhere',
      doc(para(text('x', [{ type: 'link', attrs: { href: 'https://a.example', target: 'top' } }]))),
    ],
    [
      'a link with a class',
      doc(para(text('x', [{ type: 'link', attrs: { href: 'https://a.example', class: 'x' } }]))),
    ],
    ['an indent of 9', doc({ type: 'paragraph', attrs: { indent: 9 } })],
    ['a negative indent', doc({ type: 'paragraph', attrs: { indent: -1 } })],
    [
      'an unknown list numbering',
      doc({
        type: 'orderedList',
        attrs: { numbering: 'chapter' },
        content: [{ type: 'listItem', content: [para(text('x'))] }],
      }),
    ],
    ...[
      { colspan: 0 },
      { colspan: 1000 },
      { rowspan: 1.5 },
      { colwidth: [-5] },
      { colwidth: 'wide' },
      { align: 'justify' },
    ].map((attrs): [string, unknown] => [
      `a table cell with ${JSON.stringify(attrs)}`,
      doc({
        type: 'table',
        content: [{ type: 'tableRow', content: [{ type: 'tableCell', attrs, content: [para()] }] }],
      }),
    ]),
    [
      'a table row outside a table',
      doc({ type: 'tableRow', content: [{ type: 'tableCell', content: [para()] }] }),
    ],
    ['a non-document', { type: 'paragraph' }],
    ['not an object', 'hello'],
  ])('refuses %s', (_name, input) => {
    expect(() => normalizeDocument(input)).toThrow(InvalidContentError);
  });
});

describe('the limits of a contract', () => {
  it('refuses more nodes than a real contract has, before building the document', () => {
    // 4,000 paragraphs of ten formatted runs: within the paragraph limits, beyond the node one.
    const many = doc(
      ...Array.from({ length: 4_000 }, (_, n) =>
        para(
          ...Array.from({ length: 10 }, (_, run) =>
            text(`${n}.${run} `, run % 2 ? [{ type: 'bold' }] : undefined),
          ),
        ),
      ),
    );
    expect(() => normalizeDocument(many)).toThrow(ContentTooLargeError);
    expect(() => normalizeDocument(many)).toThrow(/more than 40,000 parts/);
  });

  it('refuses more paragraphs than about 400 pages hold, even empty ones', () => {
    const empty = doc(...Array.from({ length: contractLimits.blocks + 1 }, () => ({ type: 'paragraph' })));
    expect(() => normalizeDocument(empty)).toThrow(/more than 12,000 paragraphs, headings and list items/);
  });

  it('refuses a paragraph longer than any real one', () => {
    const long = doc(para(text('x'.repeat(contractLimits.blockCharacters + 1))));
    expect(() => normalizeDocument(long)).toThrow(/A paragraph is too long: 20,001 characters/);
    // Split over several runs of text, it is still one paragraph.
    const runs = doc(para(...Array.from({ length: 3 }, () => text('y'.repeat(7_000), [{ type: 'bold' }]))));
    expect(() => normalizeDocument(runs)).toThrow(ContentTooLargeError);
  });

  it('refuses more text than about 300 pages', () => {
    const paragraphs = Math.ceil(contractLimits.characters / 10_000) + 1;
    const tome = doc(...Array.from({ length: paragraphs }, () => para(text('z'.repeat(10_000)))));
    expect(() => normalizeDocument(tome)).toThrow(/This document is too long: 810,000 characters/);
  });

  /** A text with a link (its marks reach three levels of JSON below it) inside `quotes` blockquotes. */
  const quoted = (quotes: number) => {
    let node: unknown = para(text('deep', [{ type: 'link', attrs: { href: 'https://example.com' } }]));
    for (let level = 0; level < quotes; level += 1) node = { type: 'blockquote', content: [node] };
    return doc(node);
  };

  it('refuses nesting deeper than a save could carry, before anything recurses over it', () => {
    // The text sits at level quotes + 2.
    const deepest = contractLimits.depth - 2;
    expect(normalizeDocument(quoted(deepest)).content).toHaveLength(1);
    const message = `This document is nested too deeply: its lists, tables and quotes go more than ${contractLimits.depth} levels within one another. Flatten some of the nesting and try again.`;
    expect(() => normalizeDocument(quoted(deepest + 1))).toThrow(ContentTooLargeError);
    expect(() => normalizeDocument(quoted(deepest + 1))).toThrow(message);
    // Far deeper than any stack: refused by the same check, not by a stack overflow.
    expect(() => normalizeDocument(quoted(200_000))).toThrow(message);
  });

  it("refuses lists nested deeper than Word's nine levels, whose PDF layout doubles with each", () => {
    expect(normalizeDocument(nestedList(contractLimits.listNesting)).content).toHaveLength(1);
    for (const lists of [contractLimits.listNesting + 1, 20]) {
      expect(() => normalizeDocument(nestedList(lists))).toThrow(
        'A list is nested more than 9 levels deep, which is as deep as Word goes. Outdent some of its items and try again.',
      );
    }
    // Lists side by side, each nine deep, are fine: only nesting counts.
    const [list] = nestedList(contractLimits.listNesting).content ?? [];
    expect(normalizeDocument(doc(list, list)).content).toHaveLength(2);
  });

  it('accepts a document just inside every limit', () => {
    const paragraphs = contractLimits.characters / 20_000;
    const full = doc(...Array.from({ length: paragraphs }, () => para(text('w'.repeat(20_000)))));
    expect(normalizeDocument(full).content).toHaveLength(paragraphs);
  });
});
