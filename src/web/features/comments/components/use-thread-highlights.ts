import type { Editor } from '@tiptap/core';
import { useEffect, useRef } from 'react';
import type { CommentThread } from '../../../../shared/api/comments';
import { commentHighlights, commentHighlightsKey } from './comment-highlights';
import { highlightsOnly, placeThreads } from './thread-placement';

/**
 * The threads highlighted in the editor's text (a decoration plugin, never marks): placed whenever
 * they load or change, the active one marked, and a click on a highlight opens its thread.
 */
export function useThreadHighlights(
  editor: Editor | null,
  threads: readonly CommentThread[] | undefined,
  active: string | null,
  onOpen: (id: string) => void,
) {
  const openThread = useRef(onOpen);
  openThread.current = onOpen;

  // The highlights plugin lives as long as the editor.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.registerPlugin(commentHighlights((id) => openThread.current(id)));
    return () => {
      if (!editor.isDestroyed) editor.unregisterPlugin(commentHighlightsKey);
    };
  }, [editor]);

  // Threads (re)placed whenever they load or change; then they map through the edits on screen.
  useEffect(() => {
    if (!editor || editor.isDestroyed || !threads) return;
    editor.view.dispatch(
      highlightsOnly(editor).setMeta(commentHighlightsKey, { threads: placeThreads(editor, threads) }),
    );
  }, [editor, threads]);

  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.view.dispatch(highlightsOnly(editor).setMeta(commentHighlightsKey, { active }));
  }, [editor, active]);
}
