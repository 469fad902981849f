import type { Editor } from '@tiptap/core';
import { useEffect, useState } from 'react';

export type BubblePosition = { top: number; left: number };

/** Where the "Comment" action floats: under a selection in the focused editor, or nowhere. */
export function useSelectionBubble(editor: Editor | null) {
  const [bubble, setBubble] = useState<BubblePosition | null>(null);
  useEffect(() => {
    if (!editor) return;
    const update = () => {
      const { empty, to } = editor.state.selection;
      if (empty || !editor.isFocused) {
        setBubble(null);
        return;
      }
      const coords = editor.view.coordsAtPos(to);
      const width = window.innerWidth;
      setBubble({ top: coords.bottom + 6, left: Math.max(8, Math.min(coords.left - 40, width - 140)) });
    };
    const hide = () => setTimeout(update, 150);
    editor.on('selectionUpdate', update);
    editor.on('focus', update);
    editor.on('blur', hide);
    window.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', update);
    return () => {
      editor.off('selectionUpdate', update);
      editor.off('focus', update);
      editor.off('blur', hide);
      window.removeEventListener('scroll', update);
      window.removeEventListener('resize', update);
    };
  }, [editor]);
  return [bubble, setBubble] as const;
}
