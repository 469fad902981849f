import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import {
  AlignCenter,
  AlignLeft,
  AlignRight,
  Bold,
  Heading1,
  Heading2,
  IndentDecrease,
  IndentIncrease,
  Italic,
  Link,
  List,
  ListOrdered,
  type LucideIcon,
  Palette,
  Quote,
  Redo2,
  SeparatorHorizontal,
  Strikethrough,
  Table,
  Underline,
  Undo2,
} from 'lucide-react';
import { Fragment, useState } from 'react';
import { EditorListStyleSelect } from './editor-list-style-select';
import { EditorTableTools } from './editor-table-tools';
import { EditorToolButton } from './editor-tool-button';
import { InsertFieldMenu } from './insert-field-menu';

type Tool = {
  label: string;
  icon: LucideIcon;
  run: (editor: Editor) => void;
  active?: (editor: Editor) => boolean;
  /** As the keymaps name it; shown in the tooltip. */
  shortcut?: string;
};

const mainTools: Tool[] = [
  {
    label: 'Bold',
    icon: Bold,
    shortcut: 'Mod-b',
    run: (e) => e.chain().focus().toggleBold().run(),
    active: (e) => e.isActive('bold'),
  },
  {
    label: 'Italic',
    icon: Italic,
    shortcut: 'Mod-i',
    run: (e) => e.chain().focus().toggleItalic().run(),
    active: (e) => e.isActive('italic'),
  },
  {
    label: 'Heading 1',
    icon: Heading1,
    shortcut: 'Mod-Alt-1',
    run: (e) => e.chain().focus().toggleHeading({ level: 1 }).run(),
    active: (e) => e.isActive('heading', { level: 1 }),
  },
  {
    label: 'Heading 2',
    icon: Heading2,
    shortcut: 'Mod-Alt-2',
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    active: (e) => e.isActive('heading', { level: 2 }),
  },
];

/** Under More, in groups: text, lists, alignment, blocks, history. */
const moreGroups = (openLinkDialog: () => void): Tool[][] => [
  [
    {
      label: 'Underline',
      icon: Underline,
      shortcut: 'Mod-u',
      run: (e) => e.chain().focus().toggleUnderline().run(),
      active: (e) => e.isActive('underline'),
    },
    {
      label: 'Strikethrough',
      icon: Strikethrough,
      shortcut: 'Mod-Shift-s',
      run: (e) => e.chain().focus().toggleStrike().run(),
      active: (e) => e.isActive('strike'),
    },
    {
      label: 'Link',
      icon: Link,
      shortcut: 'Mod-k',
      run: () => openLinkDialog(),
      active: (e) => e.isActive('link'),
    },
  ],
  [
    {
      label: 'Bullet List',
      icon: List,
      shortcut: 'Mod-Shift-8',
      run: (e) => e.chain().focus().toggleBulletList().run(),
      active: (e) => e.isActive('bulletList'),
    },
    {
      label: 'Numbered List',
      icon: ListOrdered,
      shortcut: 'Mod-Shift-7',
      run: (e) => e.chain().focus().toggleOrderedList().run(),
      active: (e) => e.isActive('orderedList'),
    },
    {
      label: 'Outdent',
      icon: IndentDecrease,
      shortcut: 'Mod-[',
      run: (e) => e.chain().focus().outdent().run(),
    },
    {
      label: 'Indent',
      icon: IndentIncrease,
      shortcut: 'Mod-]',
      run: (e) => e.chain().focus().indent().run(),
    },
  ],
  [
    {
      label: 'Align Left',
      icon: AlignLeft,
      shortcut: 'Mod-Shift-l',
      run: (e) => e.chain().focus().setTextAlign('left').run(),
      active: (e) => e.isActive({ textAlign: 'left' }),
    },
    {
      label: 'Align Center',
      icon: AlignCenter,
      shortcut: 'Mod-Shift-e',
      run: (e) => e.chain().focus().setTextAlign('center').run(),
      active: (e) => e.isActive({ textAlign: 'center' }),
    },
    {
      label: 'Align Right',
      icon: AlignRight,
      shortcut: 'Mod-Shift-r',
      run: (e) => e.chain().focus().setTextAlign('right').run(),
      active: (e) => e.isActive({ textAlign: 'right' }),
    },
  ],
  [
    {
      label: 'Blockquote',
      icon: Quote,
      shortcut: 'Mod-Shift-b',
      run: (e) => e.chain().focus().toggleBlockquote().run(),
      active: (e) => e.isActive('blockquote'),
    },
    {
      label: 'Insert table',
      icon: Table,
      run: (e) => e.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
    },
    {
      label: 'Page break',
      icon: SeparatorHorizontal,
      shortcut: 'Mod-Enter',
      run: (e) => e.chain().focus().setPageBreak().run(),
    },
  ],
  [
    { label: 'Undo', icon: Undo2, shortcut: 'Mod-z', run: (e) => e.chain().focus().undo().run() },
    { label: 'Redo', icon: Redo2, shortcut: 'Mod-Shift-z', run: (e) => e.chain().focus().redo().run() },
  ],
];

const separator = <span aria-hidden="true" className="mx-0.5 h-5 w-px bg-slate-200" />;

/**
 * Re-renders only when an active state changes (useEditorState compares the selected values),
 * never per keystroke, so typing in a long contract stays fast.
 */
export function EditorToolbar({
  editor,
  onLink,
  fields = true,
  parties = [],
}: {
  editor: Editor;
  onLink: () => void;
  /** "Insert field" (merge fields are the team's: a reviewer's copy goes without). */
  fields?: boolean;
  /** Who signs, in signing order (signers' names, or a template's roles): signing fields are for them. */
  parties?: readonly string[];
}) {
  const [more, setMore] = useState(false);
  const groups = moreGroups(onLink);
  const allTools = [...mainTools, ...groups.flat()];
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => allTools.map((tool) => tool.active?.(current) ?? false),
    equalityFn: (a, b) =>
      b !== null && a.length === b.length && a.every((value, index) => value === b[index]),
  });
  const color = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      (current.getAttributes('textStyle').color as string | undefined) ?? '#1e293b',
  });
  const button = (tool: Tool) => (
    <EditorToolButton
      key={tool.label}
      label={tool.label}
      icon={tool.icon}
      shortcut={tool.shortcut}
      pressed={tool.active ? (active[allTools.indexOf(tool)] ?? false) : undefined}
      onClick={() => tool.run(editor)}
    />
  );
  return (
    // Sticky under the app's fixed 4rem top bar, so the tools stay at hand in a long contract.
    <div
      role="toolbar"
      aria-label="Formatting"
      className="sticky top-16 z-20 flex flex-wrap items-center gap-1 rounded-t-lg border-b border-slate-200 bg-white p-2"
    >
      {mainTools.map(button)}
      {more &&
        groups.map((group, index) => (
          <Fragment key={group[0]?.label}>
            {separator}
            {group.map(button)}
            {index === 1 && <EditorListStyleSelect editor={editor} />}
          </Fragment>
        ))}
      {more && (
        <label
          className="flex items-center gap-1 rounded p-1.5 text-slate-600 hover:bg-slate-100"
          title="Text colour"
        >
          <span className="sr-only">Text colour</span>
          <Palette aria-hidden="true" className="size-4" />
          <input
            type="color"
            value={color}
            onChange={(event) => editor.chain().focus().setColor(event.target.value).run()}
            className="size-5 cursor-pointer rounded border-0 bg-transparent p-0"
          />
        </label>
      )}
      {fields && <InsertFieldMenu editor={editor} parties={parties} />}
      <button
        type="button"
        aria-expanded={more}
        onClick={() => setMore(!more)}
        className="ml-1 rounded px-2 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100"
      >
        {more ? 'Less' : 'More'}
      </button>
      <EditorTableTools editor={editor} />
    </div>
  );
}
