import { type Command, Extension } from '@tiptap/core';

/** Indent steps a paragraph or heading may take (each 0.5 in, as Word's default tab stop). */
export const maxIndent = 8;
export const indentTypes = ['paragraph', 'heading'] as const;

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    indent: {
      /** In a list, nests the item one level deeper; elsewhere, indents the paragraph one step. */
      indent: () => ReturnType;
      /** In a list, lifts the item one level; elsewhere, takes the paragraph one step back. */
      outdent: () => ReturnType;
    };
  }
}

/**
 * Indent and outdent: list items nest and lift (their numbering follows), other paragraphs and
 * headings carry an `indent` step count.
 */
export const Indent = Extension.create({
  name: 'indent',
  addGlobalAttributes() {
    return [
      {
        types: [...indentTypes],
        attributes: {
          indent: {
            default: 0,
            parseHTML: (element) => {
              const step = Number(element.getAttribute('data-indent'));
              return Number.isInteger(step) && step > 0 ? Math.min(step, maxIndent) : 0;
            },
            renderHTML: (attributes) =>
              attributes.indent > 0
                ? { 'data-indent': attributes.indent, style: `margin-left: ${attributes.indent * 2}em` }
                : {},
          },
        },
      },
    ];
  },
  addCommands() {
    const step =
      (delta: 1 | -1) =>
      (): Command =>
      ({ editor, commands, tr, state, dispatch }) => {
        if (editor.isActive('listItem')) {
          return delta > 0 ? commands.sinkListItem('listItem') : commands.liftListItem('listItem');
        }
        let changed = false;
        const { from, to } = state.selection;
        state.doc.nodesBetween(from, to, (node, pos) => {
          if (!(indentTypes as readonly string[]).includes(node.type.name)) return true;
          const current = Number(node.attrs.indent) || 0;
          const next = Math.min(Math.max(current + delta, 0), maxIndent);
          if (next !== current) {
            tr.setNodeAttribute(pos, 'indent', next);
            changed = true;
          }
          return false;
        });
        if (changed) dispatch?.(tr);
        return changed;
      };
    return { indent: step(1), outdent: step(-1) };
  },
  addKeyboardShortcuts() {
    return {
      'Mod-]': () => this.editor.commands.indent(),
      'Mod-[': () => this.editor.commands.outdent(),
    };
  },
});
