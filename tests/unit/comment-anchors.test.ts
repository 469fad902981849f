import { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { describe, expect, it } from 'vitest';
import { anchorAt, offsetMapper, relocateAnchor, type TextAnchor } from '../../src/editor/comments/anchor';
import { documentPlainText, offsetOfPosition, rangeOfText } from '../../src/editor/comments/plain-text';
import { contractSchema } from '../../src/editor/content';
import type { EditorDocument } from '../../src/shared/api/editor-document';
import { quoteAnchor } from '../support/anchors';

const paragraphs = (...texts: string[]): EditorDocument => ({
  type: 'doc',
  content: texts.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
});

const original = paragraphs(
  '1. The Supplier delivers the goods within thirty days of the order.',
  '2. The Buyer pays each invoice within thirty days of receipt.',
  '3. Either party may end this agreement with ninety days of notice.',
);

const anchorFor = quoteAnchor;

/** What a save does: the old text, the new one, each thread found again. */
function afterEdit(anchor: TextAnchor, before: EditorDocument, after: EditorDocument) {
  const oldText = documentPlainText(before).text;
  const newText = documentPlainText(after).text;
  const found = relocateAnchor(newText, anchor, offsetMapper(oldText, newText)(anchor.start));
  return { found, newText };
}

describe('plain text of a document', () => {
  it('joins text blocks with a line break, and maps offsets to the positions ProseMirror counts', () => {
    const doc: EditorDocument = {
      type: 'doc',
      content: [
        { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Agreement' }] },
        {
          type: 'bulletList',
          content: [
            {
              type: 'listItem',
              content: [
                {
                  type: 'paragraph',
                  content: [
                    { type: 'text', text: 'Pay ' },
                    { type: 'text', text: 'promptly', marks: [{ type: 'bold' }] },
                    { type: 'hardBreak' },
                    { type: 'text', text: 'always' },
                  ],
                },
              ],
            },
          ],
        },
        { type: 'horizontalRule' },
        { type: 'paragraph' },
        {
          type: 'table',
          content: [
            {
              type: 'tableRow',
              content: [
                {
                  type: 'tableCell',
                  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'A1' }] }],
                },
                {
                  type: 'tableCell',
                  content: [{ type: 'paragraph', content: [{ type: 'text', text: 'B1' }] }],
                },
              ],
            },
          ],
        },
      ],
    };
    const { text, segments } = documentPlainText(doc);
    expect(text).toBe('Agreement\nPay promptlyalways\n\nA1\nB1');
    const node = ProseMirrorNode.fromJSON(contractSchema(), doc);
    // Every segment is where ProseMirror has that very text.
    for (const segment of segments) {
      expect(node.textBetween(segment.pos, segment.pos + segment.length)).toBe(
        text.slice(segment.offset, segment.offset + segment.length),
      );
    }
    const start = text.indexOf('promptly');
    const range = rangeOfText(segments, start, start + 'promptlyalways'.length);
    expect(range && node.textBetween(range.from, range.to)).toBe('promptlyalways');
    expect(range && offsetOfPosition(segments, range.from, 'start')).toBe(start);
    const b1 = text.indexOf('B1');
    const cell = rangeOfText(segments, b1, b1 + 2);
    expect(cell && node.textBetween(cell.from, cell.to)).toBe('B1');
  });
});

describe('finding a thread again after an edit', () => {
  const anchor = anchorFor(original, 'pays each invoice');

  it('follows text inserted before the passage', () => {
    const edited = paragraphs(
      '1. The Supplier delivers the goods within thirty days of the order, at its own cost and risk.',
      '2. The Buyer pays each invoice within thirty days of receipt.',
      '3. Either party may end this agreement with ninety days of notice.',
    );
    const { found, newText } = afterEdit(anchor, original, edited);
    expect(found.status).toBe('exact');
    if (found.status === 'deleted') return;
    expect(newText.slice(found.anchor.start, found.anchor.end)).toBe('pays each invoice');
    expect(found.anchor.start).toBe(newText.indexOf('pays each invoice'));
  });

  it('keeps the passage when text is added after it', () => {
    const edited = paragraphs(
      '1. The Supplier delivers the goods within thirty days of the order.',
      '2. The Buyer pays each invoice within thirty days of receipt, by bank transfer.',
      '3. Either party may end this agreement with ninety days of notice.',
      '4. This agreement is governed by the law of Poland.',
    );
    const { found } = afterEdit(anchor, original, edited);
    expect(found).toMatchObject({
      status: 'exact',
      anchor: { start: anchor.start, quote: 'pays each invoice' },
    });
  });

  it('takes the text between its context when the passage itself was edited', () => {
    const edited = paragraphs(
      '1. The Supplier delivers the goods within thirty days of the order.',
      '2. The Buyer pays every undisputed invoice within thirty days of receipt.',
      '3. Either party may end this agreement with ninety days of notice.',
    );
    const { found } = afterEdit(anchor, original, edited);
    expect(found).toMatchObject({ status: 'edited', anchor: { quote: 'pays every undisputed invoice' } });
  });

  it('says the passage was deleted when its paragraph is gone', () => {
    const edited = paragraphs(
      '1. The Supplier delivers the goods within thirty days of the order.',
      '3. Either party may end this agreement with ninety days of notice.',
    );
    expect(afterEdit(anchor, original, edited).found).toEqual({ status: 'deleted' });
  });

  it('says the passage was deleted when only its words are gone', () => {
    const edited = paragraphs(
      '1. The Supplier delivers the goods within thirty days of the order.',
      '2. The Buyer  within thirty days of receipt.',
      '3. Either party may end this agreement with ninety days of notice.',
    );
    expect(afterEdit(anchor, original, edited).found).toEqual({ status: 'deleted' });
  });

  it('stays on the right one of a repeated phrase when text is inserted before both', () => {
    // "within thirty days" is in clauses 1 and 2; the thread is on clause 2's.
    const second = anchorFor(original, 'within thirty days', 1);
    const edited = paragraphs(
      '0. Definitions: the Supplier, the Buyer and the goods are as named on the first page of this agreement, signed by both.',
      '1. The Supplier delivers the goods within thirty days of the order.',
      '2. The Buyer pays each invoice within thirty days of receipt.',
      '3. Either party may end this agreement with ninety days of notice.',
    );
    const { found, newText } = afterEdit(second, original, edited);
    expect(found.status).toBe('exact');
    if (found.status === 'deleted') return;
    expect(found.anchor.start).toBe(newText.indexOf('within thirty days', newText.indexOf('2. The Buyer')));
    expect(found.anchor.suffix.startsWith(' of receipt')).toBe(true);
  });

  it('breaks a tie between equally near copies by their context', () => {
    const text = 'alpha beta gamma | alpha beta delta';
    const wanted = anchorAt(text, 19, 29); // "alpha beta" before " delta"
    const moved = 'alpha beta delta || alpha beta gamma';
    // Both copies (at 0 and 20) are 10 characters from where it is expected: the context decides.
    const found = relocateAnchor(moved, wanted, 10);
    expect(found).toMatchObject({ status: 'exact', anchor: { start: 0 } });
  });

  it('does bounded work when a gone passage left a context that is everywhere', () => {
    const text = 'a '.repeat(150_000);
    const anchor: TextAnchor = {
      quote: 'gone clause',
      prefix: 'a a ',
      suffix: ' a a',
      start: 150_000,
      end: 150_011,
    };
    const started = performance.now();
    const found = relocateAnchor(text, anchor);
    expect(performance.now() - started).toBeLessThan(1_000);
    // The nearest copy of its context is taken, beside where the passage was.
    expect(found.status).toBe('edited');
    if (found.status === 'edited') expect(Math.abs(found.anchor.start - 150_000)).toBeLessThan(8);
  });
});
