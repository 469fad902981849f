import { mergeAttributes, Node } from '@tiptap/core';
import { NodeSelection, TextSelection } from '@tiptap/pm/state';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    pageBreak: {
      /** Starts a new page at the selection (as Word's Ctrl+Enter). */
      setPageBreak: () => ReturnType;
    };
  }
}

/**
 * A forced page break: a block of its own, shown in the editor as a dashed rule, and a new page
 * in the PDF and in Word.
 */
export const PageBreak = Node.create({
  name: 'pageBreak',
  group: 'block',
  atom: true,
  selectable: true,
  parseHTML() {
    return [{ tag: 'div[data-type="page-break"]' }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['div', mergeAttributes(HTMLAttributes, { 'data-type': 'page-break', class: 'page-break' })];
  },
  addCommands() {
    return {
      // As the horizontal rule's command: the break goes after a selected block rather than in
      // its place, and the cursor lands after the break, on a new paragraph at the document's end,
      // so typing goes on on the new page.
      setPageBreak:
        () =>
        ({ chain, state }) => {
          const { selection } = state;
          const insert = chain();
          if (selection instanceof NodeSelection)
            insert.insertContentAt(selection.$to.pos, { type: this.name });
          else insert.insertContent({ type: this.name });
          return insert
            .command(({ tr, dispatch }) => {
              if (!dispatch) return true;
              const { $to } = tr.selection;
              if ($to.nodeAfter?.isTextblock) {
                tr.setSelection(TextSelection.create(tr.doc, $to.pos + 1));
              } else if ($to.nodeAfter) {
                tr.setSelection(NodeSelection.create(tr.doc, $to.pos));
              } else {
                const paragraph = state.schema.nodes.paragraph?.create();
                if (paragraph) {
                  tr.insert($to.end(), paragraph);
                  tr.setSelection(TextSelection.create(tr.doc, $to.end() + 1));
                }
              }
              tr.scrollIntoView();
              return true;
            })
            .run();
        },
    };
  },
  addKeyboardShortcuts() {
    return { 'Mod-Enter': () => this.editor.commands.setPageBreak() };
  },
});
