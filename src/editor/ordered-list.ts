import type { Attributes, Command } from '@tiptap/core';
import { OrderedList } from '@tiptap/extension-list';
import type { Node as ProseMirrorNode, ResolvedPos } from '@tiptap/pm/model';
import { Plugin, PluginKey, type Transaction } from '@tiptap/pm/state';

/** Numbering styles of an ordered list, by the HTML `type` each maps to. */
export const listNumberTypes = ['1', 'a', 'A', 'i', 'I'] as const;
export type ListNumberType = (typeof listNumberTypes)[number];

/**
 * The CSS list style of each `type`. HTML matches `type` case-insensitively in CSS selectors
 * (so `ol[type="a"]` also matches "A"), and Tailwind's reset overrides the attribute's own
 * styling: the rendered list carries this name in `data-list-style` for the stylesheet.
 */
export const listStyleOfType: Record<ListNumberType, string> = {
  '1': 'decimal',
  a: 'lower-alpha',
  A: 'upper-alpha',
  i: 'lower-roman',
  I: 'upper-roman',
};

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    contractOrderedList: {
      /**
       * Numbers the list at the selection 1, a, A, i or I (making it a numbered list first when
       * it is not one). Legal numbering is switched off for the whole clause tree it belongs to.
       */
      setListNumberType: (type: ListNumberType) => ReturnType;
      /**
       * Legal numbering (1., 1.1, 1.1.1) on the selection's whole clause tree: its outermost
       * numbered list and every numbered list nested in it (making it a numbered list first).
       */
      setLegalNumbering: () => ReturnType;
    };
  }
}

type FoundList = { node: ProseMirrorNode; pos: number };

/** The numbered lists around a position, innermost first. */
function orderedListsAround($pos: ResolvedPos): FoundList[] {
  const found: FoundList[] = [];
  for (let depth = $pos.depth; depth > 0; depth -= 1) {
    const node = $pos.node(depth);
    if (node.type.name === 'orderedList') found.push({ node, pos: $pos.before(depth) });
  }
  return found;
}

/** Sets `numbering` on a list and on every numbered list nested in it. */
function setTreeNumbering(tr: Transaction, root: FoundList, numbering: 'legal' | null): void {
  const apply = (node: ProseMirrorNode, pos: number) => {
    if (node.type.name === 'orderedList' && node.attrs.numbering !== numbering) {
      tr.setNodeAttribute(pos, 'numbering', numbering);
    }
  };
  apply(root.node, root.pos);
  root.node.descendants((child, offset) => {
    apply(child, root.pos + 1 + offset);
    return true;
  });
}

/** Runs `change` on the numbered lists at the selection, wrapping it in one first if needed. */
function onOrderedList(change: (tr: Transaction, lists: FoundList[]) => void): Command {
  return ({ tr, commands, dispatch }) => {
    if (orderedListsAround(tr.selection.$from).length === 0 && !commands.toggleOrderedList()) return false;
    // Attribute changes keep positions, so the lists found once stay valid for every step.
    const lists = orderedListsAround(tr.selection.$from);
    if (lists.length === 0) return Boolean(!dispatch);
    if (dispatch) change(tr, lists);
    return true;
  };
}

/**
 * Keeps legal numbering the whole clause tree's: a clause nested one level deeper (Tab, Indent)
 * lands in a new list, made without attributes, which takes the legal numbering of the lists
 * around it. Only when the selection's nesting changes, so typing costs nothing, and a list
 * stored otherwise is left as it is until someone restructures it.
 */
export const legalTreePlugin = new Plugin({
  key: new PluginKey('legalNumberingTree'),
  appendTransaction(transactions, oldState, newState) {
    if (!transactions.some((tr) => tr.docChanged)) return null;
    const lists = orderedListsAround(newState.selection.$from);
    if (lists.length < 2 || lists.length === orderedListsAround(oldState.selection.$from).length) return null;
    const outer = lists[lists.length - 1];
    if (
      outer?.node.attrs.numbering !== 'legal' ||
      lists.every((list) => list.node.attrs.numbering === 'legal')
    ) {
      return null;
    }
    const tr = newState.tr;
    for (const list of lists) {
      if (list.node.attrs.numbering !== 'legal') tr.setNodeAttribute(list.pos, 'numbering', 'legal');
    }
    return tr;
  },
});

/**
 * How an ordered list numbers its items: `type` as HTML's (1, a, A, i, I), and `numbering`
 * 'legal' for multi-level clause numbers (1., 1.1, 1.1.1): a legal list nested in a legal list
 * prefixes its parent item's number. Numbers are never stored; they follow the items wherever
 * they move.
 */
export const ContractOrderedList = OrderedList.extend({
  addAttributes() {
    const parent = (this.parent?.() ?? {}) as Attributes;
    return {
      ...parent,
      type: {
        ...parent.type,
        renderHTML: (attributes) => {
          const type = attributes.type as ListNumberType | null;
          if (!type) return {};
          const style = listStyleOfType[type];
          return style ? { type, 'data-list-style': style } : { type };
        },
      },
      numbering: {
        default: null,
        parseHTML: (element) => (element.getAttribute('data-numbering') === 'legal' ? 'legal' : null),
        renderHTML: (attributes) =>
          attributes.numbering === 'legal' ? { 'data-numbering': 'legal', class: 'legal-numbering' } : {},
      },
    };
  },
  addProseMirrorPlugins() {
    return [...(this.parent?.() ?? []), legalTreePlugin];
  },
  addCommands() {
    return {
      ...this.parent?.(),
      setListNumberType: (type) =>
        onOrderedList((tr, lists) => {
          const [inner] = lists;
          const outer = lists[lists.length - 1];
          if (!inner || !outer) return;
          if (outer.node.attrs.numbering === 'legal') setTreeNumbering(tr, outer, null);
          tr.setNodeAttribute(inner.pos, 'type', type);
        }),
      setLegalNumbering: () =>
        onOrderedList((tr, lists) => {
          const outer = lists[lists.length - 1];
          if (outer) setTreeNumbering(tr, outer, 'legal');
        }),
    };
  },
});
