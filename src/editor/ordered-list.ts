import { OrderedList } from '@tiptap/extension-list';

/** Numbering styles of an ordered list, by the HTML `type` each maps to. */
export const listNumberTypes = ['1', 'a', 'A', 'i', 'I'] as const;
export type ListNumberType = (typeof listNumberTypes)[number];

/**
 * How an ordered list numbers its items: `type` as HTML's (1, a, A, i, I), and `numbering`
 * 'legal' for multi-level clause numbers (1., 1.1, 1.1.1): a legal list nested in a legal list
 * prefixes its parent item's number. Numbers are never stored; they follow the items wherever
 * they move.
 */
export const ContractOrderedList = OrderedList.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      numbering: {
        default: null,
        parseHTML: (element) => (element.getAttribute('data-numbering') === 'legal' ? 'legal' : null),
        renderHTML: (attributes) =>
          attributes.numbering === 'legal' ? { 'data-numbering': 'legal', class: 'legal-numbering' } : {},
      },
    };
  },
});
