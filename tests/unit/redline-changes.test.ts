import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { applyChanges, numberChanges } from '../../src/editor/redline/changes';
import { compareDocuments } from '../../src/editor/redline/compare-documents';
import { mergeBlocks } from '../../src/editor/redline/merge-blocks';
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
