import type { Extensions } from '@tiptap/core';
import { Mark } from '@tiptap/core';
import { contractExtensions } from '../extensions';

/** Which numbered change of a suggestion the text belongs to (data-change), when decided one by one. */
const changeAttribute = {
  change: {
    default: null,
    parseHTML: (element: HTMLElement) => Number(element.dataset.change) || null,
    renderHTML: (attributes: Record<string, unknown>) =>
      attributes.change ? { 'data-change': String(attributes.change) } : {},
  },
};

/** Text a later version added: shown underlined in colour, as Word shows an insertion. */
export const Insertion = Mark.create({
  name: 'insertion',
  inclusive: false,
  excludes: 'deletion',
  addAttributes: () => changeAttribute,
  parseHTML: () => [{ tag: 'ins' }],
  renderHTML: ({ HTMLAttributes }) => ['ins', { ...HTMLAttributes, class: 'redline-insertion' }, 0],
});

/** Text a later version removed: shown struck through in colour. */
export const Deletion = Mark.create({
  name: 'deletion',
  inclusive: false,
  excludes: 'insertion',
  addAttributes: () => changeAttribute,
  parseHTML: () => [{ tag: 'del' }],
  renderHTML: ({ HTMLAttributes }) => ['del', { ...HTMLAttributes, class: 'redline-deletion' }, 0],
});

/**
 * The extensions of a redline (read-only): the contract's own, so it looks like the editor, and
 * the two marks a comparison adds. Never used to edit: a stored contract holds neither mark.
 */
export function redlineExtensions(): Extensions {
  return [...contractExtensions(), Insertion, Deletion];
}
