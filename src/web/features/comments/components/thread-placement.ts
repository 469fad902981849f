import type { Editor } from '@tiptap/core';
import { anchorAt, relocateAnchor, type TextAnchor } from '../../../../editor/comments/anchor';
import { documentPlainText, offsetOfPosition, rangeOfText } from '../../../../editor/comments/plain-text';
import { type CommentThread, commentLimits } from '../../../../shared/api/comments';
import type { EditorDocument } from '../../../../shared/api/editor-document';
import type { PlacedThread } from './comment-highlights';

/** Where the threads are in the text on screen: found again by the same rule the server uses. */
export function placeThreads(editor: Editor, threads: readonly CommentThread[]): PlacedThread[] {
  const { text, segments } = documentPlainText(editor.getJSON() as EditorDocument);
  const placed: PlacedThread[] = [];
  for (const thread of threads) {
    if (thread.detachedAt || thread.resolvedAt) continue;
    const found = relocateAnchor(text, thread.anchor);
    if (found.status === 'deleted') continue;
    const range = rangeOfText(segments, found.anchor.start, found.anchor.end);
    if (range) placed.push({ id: thread.id, ...range });
  }
  return placed;
}

/** The selection as an anchor in the plain text, or null when nothing (or no text) is selected. */
export function selectedAnchor(editor: Editor): TextAnchor | null {
  const { from, to, empty } = editor.state.selection;
  if (empty) return null;
  const { text, segments } = documentPlainText(editor.getJSON() as EditorDocument);
  const start = offsetOfPosition(segments, from, 'start');
  const end = offsetOfPosition(segments, to, 'end');
  if (end <= start || text.slice(start, end).trim() === '') return null;
  if (end - start > commentLimits.quoteCharacters) return null;
  return anchorAt(text, start, end);
}

/**
 * A transaction that only redraws the highlights: it must not change the document, so the editor's
 * trailing-paragraph rule (which reacts to any transaction) is told to stay out, and undo skips it.
 */
export function highlightsOnly(editor: Editor) {
  return editor.state.tr.setMeta('skipTrailingNode', true).setMeta('addToHistory', false);
}
