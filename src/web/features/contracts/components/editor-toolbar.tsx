import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import {
  AlignCenter,
  AlignLeft,
  AlignRight,
  Bold,
  Heading1,
  Heading2,
  Italic,
  List,
  type LucideIcon,
  Palette,
  Quote,
  Redo2,
  Undo2,
} from 'lucide-react';
import { useState } from 'react';
import { InsertFieldMenu } from './insert-field-menu';

type Tool = {
  label: string;
  icon: LucideIcon;
  run: (editor: Editor) => void;
  active?: (editor: Editor) => boolean;
};

const mainTools: Tool[] = [
  {
    label: 'Bold',
    icon: Bold,
    run: (e) => e.chain().focus().toggleBold().run(),
    active: (e) => e.isActive('bold'),
  },
  {
    label: 'Italic',
    icon: Italic,
    run: (e) => e.chain().focus().toggleItalic().run(),
    active: (e) => e.isActive('italic'),
  },
  {
    label: 'Heading 1',
    icon: Heading1,
    run: (e) => e.chain().focus().toggleHeading({ level: 1 }).run(),
    active: (e) => e.isActive('heading', { level: 1 }),
  },
  {
    label: 'Heading 2',
    icon: Heading2,
    run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run(),
    active: (e) => e.isActive('heading', { level: 2 }),
  },
];

const moreTools: Tool[] = [
  {
    label: 'Bullet List',
    icon: List,
    run: (e) => e.chain().focus().toggleBulletList().run(),
    active: (e) => e.isActive('bulletList'),
  },
  {
    label: 'Align Left',
    icon: AlignLeft,
    run: (e) => e.chain().focus().setTextAlign('left').run(),
    active: (e) => e.isActive({ textAlign: 'left' }),
  },
  {
    label: 'Align Center',
    icon: AlignCenter,
    run: (e) => e.chain().focus().setTextAlign('center').run(),
    active: (e) => e.isActive({ textAlign: 'center' }),
  },
  {
    label: 'Align Right',
    icon: AlignRight,
    run: (e) => e.chain().focus().setTextAlign('right').run(),
    active: (e) => e.isActive({ textAlign: 'right' }),
  },
  {
    label: 'Blockquote',
    icon: Quote,
    run: (e) => e.chain().focus().toggleBlockquote().run(),
    active: (e) => e.isActive('blockquote'),
  },
  { label: 'Undo', icon: Undo2, run: (e) => e.chain().focus().undo().run() },
  { label: 'Redo', icon: Redo2, run: (e) => e.chain().focus().redo().run() },
];

/**
 * Re-renders only when an active state changes (useEditorState compares the selected values),
 * never per keystroke, so typing in a long contract stays fast.
 */
export function EditorToolbar({ editor }: { editor: Editor }) {
  const [more, setMore] = useState(false);
  const tools = more ? [...mainTools, ...moreTools] : mainTools;
  const active = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      [...mainTools, ...moreTools].map((tool) => tool.active?.(current) ?? false),
    equalityFn: (a, b) =>
      b !== null && a.length === b.length && a.every((value, index) => value === b[index]),
  });
  const color = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      (current.getAttributes('textStyle').color as string | undefined) ?? '#1e293b',
  });
  const isActive = (tool: Tool) => active[[...mainTools, ...moreTools].indexOf(tool)] ?? false;
  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      className="flex flex-wrap items-center gap-1 border-b border-slate-200 p-2"
    >
      {tools.map((tool) => {
        const Icon = tool.icon;
        const on = isActive(tool);
        return (
          <button
            key={tool.label}
            type="button"
            aria-label={tool.label}
            title={tool.label}
            aria-pressed={tool.active ? on : undefined}
            onClick={() => tool.run(editor)}
            className={`rounded p-2 focus-visible:outline-2 focus-visible:outline-indigo-600 ${on ? 'bg-indigo-100 text-indigo-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'}`}
          >
            <Icon aria-hidden="true" className="size-4" />
          </button>
        );
      })}
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
      <InsertFieldMenu editor={editor} />
      <button
        type="button"
        aria-expanded={more}
        onClick={() => setMore(!more)}
        className="ml-1 rounded px-2 py-1.5 text-sm font-medium text-slate-600 hover:bg-slate-100"
      >
        {more ? 'Less' : 'More'}
      </button>
    </div>
  );
}
