import type { ChainedCommands, Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import {
  AlignCenter,
  AlignLeft,
  AlignRight,
  BetweenHorizontalEnd,
  BetweenHorizontalStart,
  BetweenVerticalEnd,
  BetweenVerticalStart,
  type LucideIcon,
  PanelTop,
  TableColumnsSplit,
  TableRowsSplit,
  Trash2,
} from 'lucide-react';
import { EditorToolButton } from './editor-tool-button';

type TableTool = { label: string; icon: LucideIcon; run: (chain: ChainedCommands) => ChainedCommands };

const tableTools: TableTool[] = [
  { label: 'Add row above', icon: BetweenHorizontalStart, run: (c) => c.addRowBefore() },
  { label: 'Add row below', icon: BetweenHorizontalEnd, run: (c) => c.addRowAfter() },
  { label: 'Add column before', icon: BetweenVerticalStart, run: (c) => c.addColumnBefore() },
  { label: 'Add column after', icon: BetweenVerticalEnd, run: (c) => c.addColumnAfter() },
  { label: 'Delete row', icon: TableRowsSplit, run: (c) => c.deleteRow() },
  { label: 'Delete column', icon: TableColumnsSplit, run: (c) => c.deleteColumn() },
  { label: 'Header row', icon: PanelTop, run: (c) => c.toggleHeaderRow() },
];

const alignments = [
  { value: 'left', label: 'Align cell left', icon: AlignLeft },
  { value: 'center', label: 'Align cell center', icon: AlignCenter },
  { value: 'right', label: 'Align cell right', icon: AlignRight },
] as const;

/** What the toolbar shows of the table at the selection. */
function tableState(editor: Editor) {
  if (!editor.isActive('table')) return null;
  const { $from } = editor.state.selection;
  let align: string | null = null;
  let headerRow = false;
  for (let depth = $from.depth; depth > 0; depth -= 1) {
    const node = $from.node(depth);
    if (node.type.name === 'tableCell' || node.type.name === 'tableHeader') align = node.attrs.align ?? null;
    if (node.type.name === 'table') headerRow = node.firstChild?.firstChild?.type.name === 'tableHeader';
  }
  return { align, headerRow };
}

/**
 * The table's own tools, a group of the toolbar shown only while the selection is in a table:
 * rows and columns, the header row, cell alignment, and deleting the table.
 */
export function EditorTableTools({ editor }: { editor: Editor }) {
  const table = useEditorState({
    editor,
    selector: ({ editor: at }) => tableState(at),
    equalityFn: (a, b) => a?.align === b?.align && a?.headerRow === b?.headerRow && !a === !b,
  });
  if (!table) return null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of toolbar buttons, not a form's fieldset
    <div
      role="group"
      aria-label="Table"
      className="flex w-full flex-wrap items-center gap-1 border-t border-slate-100 pt-1"
    >
      <span className="px-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Table</span>
      {tableTools.map((tool) => (
        <EditorToolButton
          key={tool.label}
          label={tool.label}
          icon={tool.icon}
          pressed={tool.label === 'Header row' ? table.headerRow : undefined}
          onClick={() => tool.run(editor.chain().focus()).run()}
        />
      ))}
      {alignments.map((alignment) => (
        <EditorToolButton
          key={alignment.value}
          label={alignment.label}
          icon={alignment.icon}
          pressed={table.align === alignment.value}
          onClick={() => editor.chain().focus().setCellAttribute('align', alignment.value).run()}
        />
      ))}
      <EditorToolButton
        label="Delete table"
        icon={Trash2}
        onClick={() => editor.chain().focus().deleteTable().run()}
      />
    </div>
  );
}
