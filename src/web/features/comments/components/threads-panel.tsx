import { useQuery } from '@tanstack/react-query';
import type { Editor } from '@tiptap/core';
import { MessageSquarePlus, MessageSquareText } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TextAnchor } from '../../../../editor/comments/anchor';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { type CommentsScope, commentThreadsQuery } from '../api/comments';
import { NewThreadForm } from './new-thread-form';
import { ThreadCard } from './thread-card';
import { selectedAnchor } from './thread-placement';
import { useSelectionBubble } from './use-selection-bubble';
import { useThreadHighlights } from './use-thread-highlights';
import type { Viewer } from './viewer';

/**
 * The comments of a contract beside its editor: threads highlighted in the text (a decoration
 * plugin, never marks), a "Comment" action on a selection, replies, resolve and reopen, internal
 * or shared, and "@" to mention a team member.
 */
export function ThreadsPanel({
  editor,
  scope,
  viewer,
}: {
  editor: Editor | null;
  scope: CommentsScope;
  viewer: Viewer;
}) {
  const threads = useQuery(commentThreadsQuery(scope));
  const [active, setActive] = useState<string | null>(null);
  const [draft, setDraft] = useState<TextAnchor | null>(null);
  const [showResolved, setShowResolved] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const items = threads.data?.items;
  useThreadHighlights(editor, items, active, setActive);
  const [bubble, setBubble] = useSelectionBubble(editor);

  const startComment = useCallback(() => {
    if (!editor) return;
    const anchor = selectedAnchor(editor);
    if (!anchor) return;
    setDraft(anchor);
    setActive(null);
    setBubble(null);
    requestAnimationFrame(() =>
      panel.current?.querySelector('#new-comment')?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }),
    );
  }, [editor, setBubble]);

  // A highlight clicked: its thread comes into view.
  useEffect(() => {
    if (!active) return;
    panel.current
      ?.querySelector(`[data-thread="${active}"]`)
      ?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [active]);

  const all = items ?? [];
  const open = all.filter((thread) => !thread.resolvedAt);
  const resolved = all.filter((thread) => thread.resolvedAt);
  const shown = showResolved ? [...open, ...resolved] : open;

  const focusPassage = (id: string) => {
    setActive(id);
    editor?.view.dom
      .querySelector(`[data-thread-id="${id}"]`)
      ?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  };

  return (
    <Card className="p-5">
      <div ref={panel}>
        <div className="flex items-center justify-between gap-2">
          <h2 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
            <MessageSquareText aria-hidden="true" className="size-4 text-slate-500" />
            Comments
            {open.length > 0 && (
              <span className="rounded-full bg-slate-100 px-2 text-xs font-medium text-slate-600">
                {open.length}
              </span>
            )}
          </h2>
          <Button
            variant="ghost"
            size="sm"
            onMouseDown={(event) => event.preventDefault()}
            onClick={startComment}
            disabled={!editor}
            title="Select text in the contract, then comment on it"
          >
            <MessageSquarePlus aria-hidden="true" className="size-4" />
            Comment
          </Button>
        </div>
        {threads.isPending && <p className="mt-3 text-sm text-slate-500">Loading comments…</p>}
        {threads.isError && <p className="mt-3 text-sm text-red-700">The comments could not be loaded.</p>}
        {draft && (
          <NewThreadForm
            scope={scope}
            viewer={viewer}
            anchor={draft}
            onDone={(thread) => {
              setDraft(null);
              if (thread) setActive(thread.id);
            }}
          />
        )}
        {threads.isSuccess && all.length === 0 && !draft && (
          <p className="mt-3 text-sm text-slate-500">Select text in the contract and choose Comment.</p>
        )}
        <ol className="mt-3 space-y-3" aria-label="Comment threads">
          {shown.map((thread) => (
            <ThreadCard
              key={thread.id}
              scope={scope}
              viewer={viewer}
              thread={thread}
              expanded={thread.id === active}
              onOpen={() => focusPassage(thread.id)}
            />
          ))}
        </ol>
        {resolved.length > 0 && (
          <button
            type="button"
            className="mt-3 text-xs font-medium text-indigo-700 hover:underline"
            onClick={() => setShowResolved((current) => !current)}
          >
            {showResolved ? 'Hide resolved' : `Show resolved (${resolved.length})`}
          </button>
        )}
      </div>
      {bubble && (
        <button
          type="button"
          className="fixed z-30 flex items-center gap-1.5 rounded-md bg-slate-900 px-3 py-1.5 text-sm font-medium text-white shadow-lg hover:bg-slate-800"
          style={{ top: bubble.top, left: bubble.left }}
          aria-label="Comment on the selection"
          onMouseDown={(event) => event.preventDefault()}
          onClick={startComment}
        >
          <MessageSquarePlus aria-hidden="true" className="size-4" />
          Comment
        </button>
      )}
    </Card>
  );
}
