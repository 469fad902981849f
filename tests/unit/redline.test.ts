import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizeDocument } from '../../src/editor/content';
import { compareDocuments } from '../../src/editor/redline/compare-documents';
import { importDocx } from '../../src/server/docx/import-docx';
import type { EditorDocument, EditorNode } from '../../src/shared/api/editor-document';

const fixture = async (name: string): Promise<EditorDocument> =>
  JSON.parse(
    (await importDocx(readFileSync(new URL(`../fixtures/redline/${name}`, import.meta.url)))).contentJson,
  ) as EditorDocument;

/** The redline as text: [+added] and [-removed], one line per text block. */
function redlineText(node: EditorNode): string {
  if (node.type === 'text') {
    const types = (node.marks ?? []).map((mark) => mark.type);
    if (types.includes('insertion')) return `[+${node.text}]`;
    if (types.includes('deletion')) return `[-${node.text}]`;
    return node.text ?? '';
  }
  const inner = (node.content ?? []).map(redlineText).join('');
  return ['paragraph', 'heading'].includes(node.type) ? `${inner}\n` : inner;
}

const lines = (document: EditorDocument) => redlineText(document).trim().split('\n');

const paragraph = (text: string, marks?: EditorNode['marks']): EditorNode => ({
  type: 'paragraph',
  content: [{ type: 'text', text, ...(marks ? { marks } : {}) }],
});
const doc = (...content: EditorNode[]): EditorDocument => ({ type: 'doc', content });

describe('the redline of two versions of a real agreement (made by LibreOffice, imported as .docx)', () => {
  it('shows wording, an added list item, an added table row, swapped clauses and a renamed heading', async () => {
    const before = await fixture('supply-v1.docx');
    const after = await fixture('supply-v2.docx');
    const { document, summary } = compareDocuments(before, after);
    const text = lines(document);

    // Word by word inside a paragraph: only the changed words are marked.
    expect(text).toContain(
      'The Supplier shall deliver the Goods within [-thirty][+fourteen] ([-30][+14]) days of each purchase order.',
    );
    expect(text).toContain('Invoices are payable within [-sixty][+thirty] ([-60][+30]) days of receipt.');
    // A list item added: the items around it (renumbered in the editor) are unchanged.
    const added = text.findIndex((line) => line.startsWith('[+The Supplier notifies the Buyer'));
    expect(added).toBeGreaterThan(0);
    expect(text[added - 1]).toMatch(/^Deliveries are made to the Buyer's warehouse in Wrocław\.\s*$/);
    expect(text[added + 1]).toMatch(/^Risk passes to the Buyer on delivery\.\s*$/);
    // A table row added: its cells are insertions, the other rows untouched.
    expect(text).toContain('[+Washers M8]');
    expect(text).toContain('[+EUR 0.02]');
    expect(text).toContain('Steel bolts M8');
    // Two clauses swapped: one is removed from its place and added in the other.
    expect(text.filter((line) => line.includes('confidential information secret'))).toEqual([
      "[-Each party keeps the other party's confidential information secret for three (3) years after this Agreement ends.]",
      "[+Each party keeps the other party's confidential information secret for three (3) years after this Agreement ends.]",
    ]);
    expect(text).toContain('Neither party is liable for indirect or consequential loss.');
    // A heading renamed, word by word.
    expect(text).toContain('5. Governing Law[+ and Disputes]');
    // Non-Latin names left alone are not changes.
    expect(text[1]).not.toMatch(/\[[+-]/);
    expect(summary).toEqual({ insertedWords: 41, deletedWords: 24, wordByWord: true });
  });

  it('gives a document the editor schema accepts (the insertion and deletion marks aside)', async () => {
    const { document } = compareDocuments(await fixture('supply-v1.docx'), await fixture('supply-v2.docx'));
    const strip = (node: EditorNode): EditorNode => ({
      ...node,
      ...(node.marks
        ? { marks: node.marks.filter((mark) => mark.type !== 'insertion' && mark.type !== 'deletion') }
        : {}),
      ...(node.content ? { content: node.content.map(strip) } : {}),
    });
    expect(() => normalizeDocument(strip(document as EditorNode))).not.toThrow();
  });

  it('finds no change between a version and itself', async () => {
    const version = await fixture('supply-v2.docx');
    const { document, summary } = compareDocuments(version, version);
    expect(document).toEqual(version);
    expect(summary).toEqual({ insertedWords: 0, deletedWords: 0, wordByWord: true });
  });
});

describe('the redline, word by word', () => {
  it('takes Chinese and Japanese one character at a time, and keeps other scripts whole', () => {
    const { document } = compareDocuments(
      doc(paragraph('甲方应在三十日内付款。'), paragraph('Łukasz Żółć płaci w złotych.')),
      doc(paragraph('甲方应在十四日内付款。'), paragraph('Łukasz Żółć płaci w euro.')),
    );
    expect(lines(document)).toEqual([
      '甲方应在[-三]十[+四]日内付款。',
      'Łukasz Żółć płaci w [-złotych][+euro].',
    ]);
  });

  it('shows a change of formatting as the words removed and added again', () => {
    const { document } = compareDocuments(
      doc(paragraph('Net thirty days.')),
      doc({
        type: 'paragraph',
        content: [
          { type: 'text', text: 'Net ' },
          { type: 'text', text: 'thirty', marks: [{ type: 'bold' }] },
          { type: 'text', text: ' days.' },
        ],
      }),
    );
    expect(document.content?.[0]?.content).toEqual([
      { type: 'text', text: 'Net ' },
      { type: 'text', text: 'thirty', marks: [{ type: 'deletion' }] },
      { type: 'text', text: 'thirty', marks: [{ type: 'bold' }, { type: 'insertion' }] },
      { type: 'text', text: ' days.' },
    ]);
  });

  it('shows a paragraph rewritten entirely as removed and added, not as a jumble of words', () => {
    const { document } = compareDocuments(
      doc(paragraph('The Buyer pays within thirty days.')),
      doc(paragraph('Disputes go to the courts of Warsaw.')),
    );
    expect(lines(document)).toEqual([
      '[-The Buyer pays within thirty days.]',
      '[+Disputes go to the courts of Warsaw.]',
    ]);
  });

  it('compares two long paragraphs with changes everywhere within its bounds, coarsely', () => {
    // Half the words alike, the changes spread over all of it: thousands of edits apart.
    const words = (seed: string) =>
      Array.from({ length: 20_000 }, (_, index) => (index % 2 ? `${seed}${index}` : `w${index}`)).join(' ');
    const started = performance.now();
    const { document, summary } = compareDocuments(doc(paragraph(words('a'))), doc(paragraph(words('b'))));
    expect(summary.wordByWord).toBe(false);
    expect(lines(document)).toHaveLength(2);
    // Generous: the bound is what keeps it from taking minutes (O(N·D) without it).
    expect(performance.now() - started).toBeLessThan(20_000);
  });
});
