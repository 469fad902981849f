import { Node } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { isFilledValue, type MergeFieldAttrs, mergeFieldText } from './merge-field-values';

export type MergeFieldSummary = { key: string; label: string; value: string | null; count: number };

/**
 * The distinct fields of a document (by key, in document order, with the first label and value
 * seen). Top-level blocks are immutable and shared between versions of a document, so each one's
 * fields are cached: after a keystroke only the block that changed is walked again.
 */
const blockFields = new WeakMap<ProseMirrorNode, MergeFieldAttrs[]>();

function fieldsOfBlock(block: ProseMirrorNode): MergeFieldAttrs[] {
  let found = blockFields.get(block);
  if (!found) {
    const list: MergeFieldAttrs[] = [];
    block.descendants((node) => {
      if (node.type.name === 'mergeField') list.push(node.attrs as MergeFieldAttrs);
      // Text and other leaves have nothing inside.
      return !node.isLeaf;
    });
    found = list;
    blockFields.set(block, found);
  }
  return found;
}

export function collectMergeFields(doc: ProseMirrorNode): MergeFieldSummary[] {
  const byKey = new Map<string, MergeFieldSummary>();
  doc.forEach((block) => {
    for (const field of fieldsOfBlock(block)) {
      const seen = byKey.get(field.key);
      if (seen) seen.count += 1;
      else byKey.set(field.key, { key: field.key, label: field.label, value: field.value, count: 1 });
    }
  });
  return [...byKey.values()];
}

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    mergeField: {
      /** Inserts an empty field at the selection. */
      insertMergeField: (attrs: { key: string; label: string; value?: string | null }) => ReturnType;
      /** Sets the value of every field with this key (null or blank empties them). */
      setMergeFieldValue: (key: string, value: string | null) => ReturnType;
    };
  }
}

/**
 * The merge field node: an inline atom with its key, label and value. Its rules and limits are in
 * merge-field-values.ts, which the PDF worker uses without loading Tiptap.
 */
export const MergeField = Node.create({
  name: 'mergeField',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  draggable: false,

  addAttributes() {
    // Rendered by renderHTML below, not attribute by attribute.
    return {
      key: { default: '', rendered: false, parseHTML: (element) => element.getAttribute('data-merge-field') },
      label: { default: '', rendered: false, parseHTML: (element) => element.getAttribute('data-label') },
      value: { default: null, rendered: false, parseHTML: (element) => element.getAttribute('data-value') },
    };
  },

  parseHTML() {
    return [{ tag: 'span[data-merge-field]' }];
  },

  /**
   * A filled field is its value; an empty one a visible '[Label]' marker. The same output is the
   * editor's chip (styled through its class) and the server's stored HTML.
   */
  renderHTML({ node }) {
    const { key, label, value } = node.attrs as MergeFieldAttrs;
    const filled = isFilledValue(value);
    return [
      'span',
      {
        class: filled ? 'merge-field' : 'merge-field merge-field-empty',
        'data-merge-field': key,
        'data-label': label,
        ...(filled ? { 'data-value': value } : {}),
      },
      mergeFieldText({ label, value }),
    ];
  },

  renderText({ node }) {
    return mergeFieldText(node.attrs);
  },

  addCommands() {
    return {
      insertMergeField:
        ({ key, label, value = null }) =>
        ({ commands }) =>
          commands.insertContent({ type: this.name, attrs: { key, label, value } }),
      setMergeFieldValue:
        (key, value) =>
        ({ tr, dispatch }) => {
          const next = isFilledValue(value) ? value : null;
          let changed = false;
          tr.doc.descendants((node, pos) => {
            if (node.type.name === this.name && node.attrs.key === key && node.attrs.value !== next) {
              // The same size before and after, so the positions of later fields stay right.
              if (dispatch) tr.setNodeMarkup(pos, undefined, { ...node.attrs, value: next });
              changed = true;
            }
            return !node.isLeaf;
          });
          return changed;
        },
    };
  },
});
