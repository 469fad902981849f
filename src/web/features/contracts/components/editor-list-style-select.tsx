import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { type ListNumberType, listNumberTypes } from '../../../../editor/ordered-list';

const styleNames: Record<ListNumberType | 'legal', string> = {
  '1': '1, 2, 3',
  a: 'a, b, c',
  A: 'A, B, C',
  i: 'i, ii, iii',
  I: 'I, II, III',
  legal: 'Legal (1.1.1)',
};

/** The numbering of the innermost numbered list at the selection, '' outside one. */
function listStyleAt(editor: Editor): string {
  const { $from } = editor.state.selection;
  for (let depth = $from.depth; depth > 0; depth -= 1) {
    const node = $from.node(depth);
    if (node.type.name !== 'orderedList') continue;
    if (node.attrs.numbering === 'legal') return 'legal';
    return (node.attrs.type as string | null) ?? '1';
  }
  return '';
}

/**
 * How the numbered list at the selection counts: 1, a, A, i, I or legal clause numbers. Outside
 * a numbered list, picking a style starts one.
 */
export function EditorListStyleSelect({ editor }: { editor: Editor }) {
  const current = useEditorState({ editor, selector: ({ editor: at }) => listStyleAt(at) });
  return (
    <select
      aria-label="Numbering style"
      title="Numbering style"
      value={current}
      onChange={(event) => {
        const value = event.target.value;
        const chain = editor.chain().focus();
        if (value === 'legal') chain.setLegalNumbering().run();
        else if ((listNumberTypes as readonly string[]).includes(value))
          chain.setListNumberType(value as ListNumberType).run();
      }}
      className="h-8 rounded border-0 bg-transparent py-0 pr-7 pl-2 text-sm text-slate-700 ring-1 ring-inset ring-slate-200 hover:bg-slate-50 focus:ring-2 focus:ring-indigo-600"
    >
      <option value="" disabled>
        Numbering…
      </option>
      {([...listNumberTypes, 'legal'] as const).map((style) => (
        <option key={style} value={style}>
          {styleNames[style]}
        </option>
      ))}
    </select>
  );
}
