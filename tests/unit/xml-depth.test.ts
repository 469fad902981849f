import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { nestsDeeperThan } from '../../src/server/docx/xml-depth';

/** The nesting mammoth's parser builds from the text (walked without recursion). */
function parsedDepth(xml: string): number {
  const document = new DOMParser({ errorHandler: () => {} }).parseFromString(xml, 'text/xml');
  let deepest = 0;
  const stack: [Node, number][] = [[document, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [Node, number];
    deepest = Math.max(deepest, depth);
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 1) stack.push([child, depth + 1]);
    }
  }
  return deepest;
}

/** The depth the pass finds: the least limit it does not refuse. */
function countedDepth(xml: string): number {
  let limit = 0;
  while (nestsDeeperThan(xml, limit)) limit += 1;
  return limit;
}

const nested = (depth: number, inner = '') => `${'<w:p>'.repeat(depth)}${inner}${'</w:p>'.repeat(depth)}`;

describe('the nesting of an XML part, counted while reading its markup', () => {
  it('counts open elements: a self-closing one nests nothing', () => {
    const xml = `<?xml version="1.0"?><w:body>${nested(3, '<w:br/><w:br />'.repeat(50))}</w:body>`;
    expect(countedDepth(xml)).toBe(4);
    expect(parsedDepth(xml)).toBe(5);
  });

  it.each([
    ['a comment full of end tags', `<!--${'</w:x>'.repeat(500)}-->`],
    ['end tags naming no open element', '</w:x>'.repeat(500)],
    ['end tags with a space inside their name', '</w:p x>'.repeat(500)],
    ['a CDATA section full of end tags', `<![CDATA[${'</w:x>'.repeat(500)}]]>`],
    ['a processing instruction full of end tags', `<?pi ${'</w:x>'.repeat(500)}?>`],
  ])('%s closes nothing', (_name, trick) => {
    const xml = `<w:body>${trick}${'<w:p>'.repeat(30)}${trick}${'</w:p>'.repeat(30)}</w:body>`;
    expect(parsedDepth(xml)).toBe(31);
    expect(countedDepth(xml)).toBe(31);
  });

  it.each([
    ['double', '<w:p w:x="/>">'],
    ['single', "<w:p w:x='/>'>"],
    ['double, with a > first', '<w:p w:x=">" w:y="/>">'],
  ])('a `/>` in a %s-quoted attribute value closes nothing', (_name, open) => {
    const xml = `<w:body>${open.repeat(40)}${'</w:p>'.repeat(40)}</w:body>`;
    expect(parsedDepth(xml)).toBe(41);
    expect(countedDepth(xml)).toBe(41);
  });

  it.each([
    ['a comment', `<!--${'<w:p>'.repeat(100)}-->`],
    ['a CDATA section', `<![CDATA[${'<w:p>'.repeat(100)}]]>`],
    ['a processing instruction', `<?pi ${'<w:p>'.repeat(100)}?>`],
    ['an attribute value', `<w:r w:x="${'<w:p>'.repeat(100)}"/>`],
  ])('start tags inside %s open nothing', (_name, trick) => {
    const xml = `<w:body>${trick}${nested(2)}</w:body>`;
    expect(parsedDepth(xml)).toBe(3);
    expect(countedDepth(xml)).toBe(3);
  });

  it('skips a DOCTYPE, and counts what a declaration could hide from it', () => {
    expect(countedDepth(`<!DOCTYPE w:body [<!ENTITY a "x">]><w:body>${nested(5)}</w:body>`)).toBe(6);
    // The parser ends a declaration at its first `<`: what follows is markup.
    const hiding = `<w:body><!x ${'<w:p>'.repeat(20)}>${'</w:p>'.repeat(20)}</w:body>`;
    expect(countedDepth(hiding)).toBeGreaterThanOrEqual(parsedDepth(hiding));
  });

  it('counts openers never terminated as if they were markup, never less deep than the parser', () => {
    for (const opener of ['<!--', '<![CDATA[', '<?', '<!']) {
      const xml = `<w:body>${opener}${nested(10)}</w:body>`;
      expect(countedDepth(xml)).toBeGreaterThanOrEqual(parsedDepth(xml));
    }
    const unclosedQuote = `<w:body><w:p w:x="${nested(10)}</w:body>`;
    expect(countedDepth(unclosedQuote)).toBeGreaterThanOrEqual(10);
  });

  it('closes an element by its name, with space before the >', () => {
    const xml = `<w:body>${'<w:p></w:p >'.repeat(100)}</w:body >`;
    expect(countedDepth(xml)).toBe(2);
  });

  it('reads a large part of unterminated openers in one pass', () => {
    for (const opener of ['<!--', '<![CDATA[', '<?', '<!x', '</w:x', '<w:p w:x="', '<w:p']) {
      expect(nestsDeeperThan(opener.repeat(200_000), 200)).toBe(opener === '<w:p' || opener === '<w:p w:x="');
    }
  });
});
