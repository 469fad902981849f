import { Editor } from '@tiptap/core';
import { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { sinkListItem } from '@tiptap/pm/schema-list';
import { EditorState, TextSelection, type Transaction } from '@tiptap/pm/state';
import { afterEach, describe, expect, it } from 'vitest';
import { contractSchema, normalizeDocument } from '../../src/editor/content';
import { contractExtensions } from '../../src/editor/extensions';
import { maxIndent } from '../../src/editor/indent';
import { legalTreePlugin } from '../../src/editor/ordered-list';

type Json = { type: string; attrs?: Record<string, unknown>; content?: Json[]; text?: string };

const text = (value: string): Json => ({ type: 'text', text: value });
const para = (value: string): Json => ({ type: 'paragraph', content: [text(value)] });
const item = (value: string, ...nested: Json[]): Json => ({
  type: 'listItem',
  content: [para(value), ...nested],
});
const ordered = (attrs: Record<string, unknown>, ...items: Json[]): Json => ({
  type: 'orderedList',
  attrs,
  content: items,
});

let editor: Editor | undefined;
afterEach(() => editor?.destroy());

/** A headless editor (no DOM) with the contract's extensions, the cursor in `at`'s text. */
function editorWith(content: Json[], at?: string): Editor {
  editor = new Editor({ element: null, extensions: contractExtensions(), content: { type: 'doc', content } });
  if (at) {
    let found = -1;
    editor.state.doc.descendants((node, pos) => {
      if (found < 0 && node.isText && node.text?.includes(at)) found = pos + node.text.indexOf(at);
    });
    if (found < 0) throw new Error(`no text "${at}"`);
    editor.commands.setTextSelection(found);
  }
  return editor;
}

/** The ordered lists of the document, outermost first, as [numbering, type, first item's text]. */
function lists(current: Editor): [unknown, unknown, string][] {
  const found: [unknown, unknown, string][] = [];
  current.state.doc.descendants((node) => {
    if (node.type.name === 'orderedList') {
      found.push([node.attrs.numbering, node.attrs.type, node.firstChild?.firstChild?.textContent ?? '']);
    }
  });
  return found;
}

describe('numbering commands', () => {
  const clauseTree = () => [
    ordered(
      {},
      item('Definitions', ordered({ type: 'a' }, item('Agreement', ordered({}, item('Parties'))))),
      item('Payment', ordered({}, item('Invoices'))),
    ),
    para('Between the lists'),
    ordered({}, item('Another list')),
  ];

  it('numbers the list at the cursor 1, a, A, i or I, starting a list in a paragraph', () => {
    const current = editorWith([para('Scope')], 'Scope');
    expect(current.commands.setListNumberType('i')).toBe(true);
    expect(lists(current)).toEqual([[null, 'i', 'Scope']]);
    current.commands.setListNumberType('A');
    expect(lists(current)).toEqual([[null, 'A', 'Scope']]);
  });

  it('sets legal numbering on the whole clause tree from any clause, and on nothing else', () => {
    const current = editorWith(clauseTree(), 'Parties');
    expect(current.commands.setLegalNumbering()).toBe(true);
    expect(lists(current)).toEqual([
      ['legal', null, 'Definitions'],
      ['legal', 'a', 'Agreement'],
      ['legal', null, 'Parties'],
      ['legal', null, 'Invoices'],
      [null, null, 'Another list'],
    ]);
    // Still a valid contract, as the server checks it.
    expect(() => normalizeDocument(current.getJSON())).not.toThrow();
  });

  it('takes legal numbering off the whole tree when one list gets a plain style', () => {
    const current = editorWith(clauseTree(), 'Invoices');
    current.commands.setLegalNumbering();
    current.commands.setListNumberType('I');
    expect(lists(current)).toEqual([
      [null, null, 'Definitions'],
      [null, 'a', 'Agreement'],
      [null, null, 'Parties'],
      [null, 'I', 'Invoices'],
      [null, null, 'Another list'],
    ]);
  });

  /**
   * Nests "Second" under "First" as Tab does, through the plugin that keeps the tree legal (a
   * headless editor installs no plugins, so this runs ProseMirror's state directly).
   */
  function sinkSecond(numbering: 'legal' | null) {
    const schema = contractSchema();
    const doc = ProseMirrorNode.fromJSON(schema, {
      type: 'doc',
      content: [ordered({ numbering }, item('First'), item('Second'))],
    });
    let at = 0;
    doc.descendants((node, pos) => {
      if (node.isText && node.text === 'Second') at = pos;
    });
    let state = EditorState.create({ doc, plugins: [legalTreePlugin] });
    state = state.apply(state.tr.setSelection(TextSelection.create(state.doc, at)));
    let sunk: Transaction | undefined;
    expect(sinkListItem(schema.nodes.listItem as never)(state, (tr) => (sunk = tr))).toBe(true);
    const next = state.applyTransaction(sunk as Transaction).state;
    const found: unknown[] = [];
    next.doc.descendants((node) => {
      if (node.type.name === 'orderedList') found.push(node.attrs.numbering);
    });
    // Typing afterwards only types.
    const typed = next.applyTransaction(next.tr.insertText('!')).state;
    expect(typed.doc.textContent).toBe('First!Second');
    return found;
  }

  it('keeps a clause nested one level deeper (Tab, Indent) in the legal tree', () => {
    expect(sinkSecond('legal')).toEqual(['legal', 'legal']);
  });

  it('nests a clause of a plain list in a plain list', () => {
    expect(sinkSecond(null)).toEqual([null, null]);
  });
});

describe('indent and page breaks', () => {
  it('indents a paragraph by steps, within 0 and the maximum', () => {
    const current = editorWith([para('Recitals')], 'Recitals');
    for (let step = 0; step < maxIndent + 2; step += 1) current.commands.indent();
    expect(current.state.doc.firstChild?.attrs.indent).toBe(maxIndent);
    expect(current.commands.indent()).toBe(false);
    for (let step = 0; step < maxIndent + 2; step += 1) current.commands.outdent();
    expect(current.state.doc.firstChild?.attrs.indent).toBe(0);
    expect(current.commands.outdent()).toBe(false);
  });

  it('puts a page break at the cursor and the cursor on a new paragraph after it at the end', () => {
    const current = editorWith([para('Last words')]);
    current.commands.setTextSelection(current.state.doc.content.size - 1);
    expect(current.commands.setPageBreak()).toBe(true);
    current.commands.insertContent({ type: 'text', text: 'Next page' });
    expect(current.getJSON().content?.map((node) => node.type)).toEqual([
      'paragraph',
      'pageBreak',
      'paragraph',
    ]);
    expect(current.state.doc.lastChild?.textContent).toBe('Next page');
  });

  it('splits a paragraph at the cursor with a page break', () => {
    const current = editorWith([para('BeforeAfter')], 'After');
    current.commands.setPageBreak();
    const blocks = current.getJSON().content ?? [];
    expect(blocks.map((node) => node.type)).toEqual(['paragraph', 'pageBreak', 'paragraph']);
    expect(current.state.doc.lastChild?.textContent).toBe('After');
  });
});
