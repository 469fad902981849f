import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyChanges, numberChanges } from '../../src/editor/redline/changes';
import { compareDocuments } from '../../src/editor/redline/compare-documents';
import { mergeBlocks } from '../../src/editor/suggestions/merge-blocks';
import { importDocx } from '../../src/server/docx/import-docx';
import type { EditorDocument, EditorNode } from '../../src/shared/api/editor-document';

const fixture = async (name: string): Promise<EditorDocument> =>
  JSON.parse(
    (await importDocx(readFileSync(new URL(`../fixtures/redline/${name}`, import.meta.url)))).contentJson,
  ) as EditorDocument;

const paragraph = (text: string): EditorNode => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const doc = (...content: EditorNode[]): EditorDocument => ({ type: 'doc', content });
const text = (document: EditorDocument) =>
  (document.content ?? []).map(function flat(node: EditorNode): string {
    return node.type === 'text'
      ? (node.text ?? '')
      : (node.content ?? []).map(flat).join(node.type === 'tableRow' ? ' | ' : '');
  });

describe('deciding on the changes of a suggestion one by one', () => {
  it('numbers each replacement and each whole block, and applies any choice of them', async () => {
    const base = await fixture('supply-v1.docx');
    const suggested = await fixture('supply-v2.docx');
    const { document, changes } = numberChanges(compareDocuments(base, suggested).document);
    expect(changes.slice(0, 2)).toEqual([
      { id: 1, inserted: 'fourteen', deleted: 'thirty' },
      { id: 2, inserted: '14', deleted: '30' },
    ]);
    expect(changes.find((change) => change.inserted.startsWith('The Supplier notifies'))).toBeDefined();
    // Everything accepted is the suggestion; everything rejected is the base.
    const all = new Set(changes.map((change) => change.id));
    expect(applyChanges(document, all)).toEqual(suggested);
    expect(applyChanges(document, new Set())).toEqual(base);
    // Some: the delivery term and the new table row, not the rest.
    const row = changes.find((change) => change.inserted.includes('Washers'));
    const some = applyChanges(document, new Set([1, 2, row?.id ?? 0]));
    const lines = text(some);
    expect(lines).toContain(
      'The Supplier shall deliver the Goods within fourteen (14) days of each purchase order.',
    );
    expect(lines.join('\n')).toContain('Washers M8 | EUR 0.02');
    expect(lines).toContain('Invoices are payable within sixty (60) days of receipt.');
    expect(lines.join('\n')).not.toContain('The Supplier notifies the Buyer');
  });
});

describe('merging suggestions made on an older version into the draft', () => {
  const base = doc(paragraph('Clause one.'), paragraph('Clause two.'), paragraph('Clause three.'));
  it('keeps both sides when they changed different blocks', () => {
    const ours = doc(paragraph('Clause one, amended.'), paragraph('Clause two.'), paragraph('Clause three.'));
    const theirs = doc(
      paragraph('Clause one.'),
      paragraph('Clause two.'),
      paragraph('Clause three, amended.'),
      paragraph('Clause four.'),
    );
    const merged = mergeBlocks(base, ours, theirs);
    expect(merged.ok && text(merged.document)).toEqual([
      'Clause one, amended.',
      'Clause two.',
      'Clause three, amended.',
      'Clause four.',
    ]);
  });

  it('refuses when both changed the same block differently', () => {
    const ours = doc(paragraph('Clause one.'), paragraph('Clause two, ours.'), paragraph('Clause three.'));
    const theirs = doc(
      paragraph('Clause one.'),
      paragraph('Clause two, theirs.'),
      paragraph('Clause three.'),
    );
    expect(mergeBlocks(base, ours, theirs)).toEqual({ ok: false, conflicts: 1 });
    // The same change on both sides is no conflict.
    expect(mergeBlocks(base, ours, ours)).toEqual({ ok: true, document: ours });
  });
});

describe('merging inside lists and tables', () => {
  const item = (text: string, ...nested: EditorNode[]): EditorNode => ({
    type: 'listItem',
    content: [paragraph(text), ...nested],
  });
  const list = (...items: EditorNode[]): EditorNode => ({
    type: 'orderedList',
    attrs: { start: 1, numbering: 'legal' },
    content: items,
  });
  const cell = (value: string): EditorNode => ({ type: 'tableCell', content: [paragraph(value)] });
  const row = (...values: string[]): EditorNode => ({ type: 'tableRow', content: values.map(cell) });
  const table = (...rows: EditorNode[]): EditorNode => ({ type: 'table', content: rows });
  const clauses = (texts: string[], nested: EditorNode[] = []) =>
    doc(list(...texts.map((text, index) => (index === 0 ? item(text, ...nested) : item(text)))));

  it('keeps both sides when they changed different clauses of one numbered list', () => {
    // A contract written as one legal-numbered list is one top-level block.
    const base = clauses(['Delivery in 30 days.', 'Payment in 60 days.', 'Polish law applies.']);
    const ours = clauses(['Delivery in 14 days.', 'Payment in 60 days.', 'Polish law applies.']);
    const theirs = clauses(['Delivery in 30 days.', 'Payment in 60 days.', 'Prawo polskie; CISG excluded.']);
    const merged = mergeBlocks(base, ours, theirs);
    expect(merged).toEqual({
      ok: true,
      document: clauses(['Delivery in 14 days.', 'Payment in 60 days.', 'Prawo polskie; CISG excluded.']),
    });
  });

  it('merges a nested sub-clause with a change next to it, and a clause added at the end', () => {
    const sub = (text: string) => list(item(text));
    const base = clauses(['Goods.', 'Price.'], [sub('Goods are new.')]);
    const ours = clauses(['Goods.', 'Price.'], [sub('Goods are new and boxed.')]);
    const theirs = clauses(['Goods.', 'Price in EUR.', 'Warranty of 24 months.'], [sub('Goods are new.')]);
    const merged = mergeBlocks(base, ours, theirs);
    expect(merged).toEqual({
      ok: true,
      document: clauses(
        ['Goods.', 'Price in EUR.', 'Warranty of 24 months.'],
        [sub('Goods are new and boxed.')],
      ),
    });
  });

  it('merges changes to different cells of one table', () => {
    const base = doc(table(row('Item', 'Price'), row('Bolts M8', 'EUR 0.10'), row('Nuts M8', 'EUR 0.05')));
    const ours = doc(table(row('Item', 'Price'), row('Bolts M8', 'EUR 0.12'), row('Nuts M8', 'EUR 0.05')));
    const theirs = doc(
      table(
        row('Item', 'Price'),
        row('Bolts M8', 'EUR 0.10'),
        row('Nuts M8 (zinc)', 'EUR 0.05'),
        row('Washers', '0.02'),
      ),
    );
    const merged = mergeBlocks(base, ours, theirs);
    expect(merged).toEqual({
      ok: true,
      document: doc(
        table(
          row('Item', 'Price'),
          row('Bolts M8', 'EUR 0.12'),
          row('Nuts M8 (zinc)', 'EUR 0.05'),
          row('Washers', '0.02'),
        ),
      ),
    });
  });

  it('still refuses two different changes to the same clause, or to the list itself', () => {
    const base = clauses(['Delivery in 30 days.', 'Payment in 60 days.']);
    const ours = clauses(['Delivery in 14 days.', 'Payment in 60 days.']);
    const theirs = clauses(['Delivery in 21 days.', 'Payment in 60 days.']);
    expect(mergeBlocks(base, ours, theirs)).toEqual({ ok: false, conflicts: 1 });
    // Their list renumbered in another style while we changed a clause: not the same list any more.
    const restyled: EditorDocument = {
      type: 'doc',
      content: [
        {
          ...list(item('Delivery in 30 days.'), item('Payment in 60 days.')),
          attrs: { start: 1, numbering: 'lower-alpha' },
        },
      ],
    };
    expect(mergeBlocks(base, ours, restyled)).toEqual({ ok: false, conflicts: 1 });
  });

  it('splits a run of changed blocks, so a change beside the other side is no clash', () => {
    const base = doc(paragraph('One.'), paragraph('Two.'), paragraph('Three.'));
    const ours = doc(paragraph('One, ours.'), paragraph('Two, ours.'), paragraph('Three.'));
    const theirs = doc(paragraph('One.'), paragraph('Two.'), paragraph('Three, theirs.'));
    const merged = mergeBlocks(base, ours, theirs);
    expect(merged.ok && text(merged.document)).toEqual(['One, ours.', 'Two, ours.', 'Three, theirs.']);
  });
});
