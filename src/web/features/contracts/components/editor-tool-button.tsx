import type { LucideIcon } from 'lucide-react';
import { ariaShortcut, toolTitle } from './editor-shortcut';

type Props = {
  label: string;
  icon: LucideIcon;
  onClick: () => void;
  /** The keymap's name of the shortcut ('Mod-u'), shown in the tooltip. */
  shortcut?: string;
  /** Whether the tool's format is on at the selection; undefined for a plain action. */
  pressed?: boolean;
  disabled?: boolean;
};

/** One icon button of the formatting toolbar: named for assistive technology, its shortcut in the tooltip. */
export function EditorToolButton({ label, icon: Icon, onClick, shortcut, pressed, disabled }: Props) {
  return (
    <button
      type="button"
      aria-label={label}
      title={toolTitle(label, shortcut)}
      aria-keyshortcuts={shortcut ? ariaShortcut(shortcut) : undefined}
      aria-pressed={pressed}
      disabled={disabled}
      // Keeps the selection in the document: a mouse press on a button would otherwise blur it.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
      className={`rounded p-2 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:cursor-not-allowed disabled:opacity-40 ${pressed ? 'bg-indigo-100 text-indigo-700' : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'}`}
    >
      <Icon aria-hidden="true" className="size-4" />
    </button>
  );
}
