import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Editor } from '@tiptap/core';
import { CheckCircle2, Lock, MessageSquarePlus, MessageSquareText, RotateCcw, Users } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { anchorAt, relocateAnchor, type TextAnchor } from '../../../../editor/comments/anchor';
import { documentPlainText, offsetOfPosition, rangeOfText } from '../../../../editor/comments/plain-text';
import { type CommentThread, type CommentVisibility, commentLimits } from '../../../../shared/api/comments';
import type { EditorDocument } from '../../../../shared/api/editor-document';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/dates';
import { contractKeys } from '../../../lib/query-keys';
import { teamQuery } from '../../team/api/team';
import {
  type CommentsScope,
  commentThreadsQuery,
  useCreateThread,
  useReply,
  useSetResolved,
} from '../api/comments';
import { commentHighlights, commentHighlightsKey, type PlacedThread } from '../components/comment-highlights';
import { type Mentionable, MentionTextarea, mentionsIn } from '../components/mention-textarea';

type TeamProps = {
  editor: Editor | null;
  contractId: string;
  /** The stored revision: a save re-anchors threads on the server, so they are read again. */
  revision: number;
};

type ReviewerProps = {
  editor: Editor | null;
  reviewerId: string;
  /** The organization whose draft it is: the other side, as the reviewer sees it. */
  organizationName: string;
};

/**
 * Who is reading: a team member (every thread, internal or shared, and "@" for the team), or the
 * other side's reviewer (the shared threads only, no mentions, resolving only their own threads).
 */
type Viewer =
  | { kind: 'team'; people: Mentionable[] }
  | { kind: 'reviewer'; reviewerId: string; organizationName: string };

const visibilityLabels: Record<CommentVisibility, string> = {
  internal: 'Internal',
  shared: 'Shared',
};

/** Where the threads are in the text on screen: found again by the same rule the server uses. */
function placeThreads(editor: Editor, threads: readonly CommentThread[]): PlacedThread[] {
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
function selectedAnchor(editor: Editor): TextAnchor | null {
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
function highlightsOnly(editor: Editor) {
  return editor.state.tr.setMeta('skipTrailingNode', true).setMeta('addToHistory', false);
}

/** The team's comments beside the contract editor. */
export function CommentsPanel({ editor, contractId, revision }: TeamProps) {
  const client = useQueryClient();
  const team = useQuery(teamQuery);
  const people = useMemo<Mentionable[]>(
    () =>
      (team.data?.members ?? [])
        .filter((member) => !member.you)
        .map((member) => ({ id: member.userId, name: member.name })),
    [team.data],
  );
  const scope = useMemo<CommentsScope>(() => ({ kind: 'team', contractId }), [contractId]);
  const viewer = useMemo<Viewer>(() => ({ kind: 'team', people }), [people]);

  // A save re-anchored the threads on the server: read them again.
  const seenRevision = useRef(revision);
  useEffect(() => {
    if (seenRevision.current === revision) return;
    seenRevision.current = revision;
    void client.invalidateQueries({ queryKey: contractKeys.comments(contractId) });
  }, [client, contractId, revision]);

  return <ThreadsPanel editor={editor} scope={scope} viewer={viewer} />;
}

/**
 * The reviewer's comments beside the draft on the review page: the same panel and highlights,
 * reaching the shared threads through the reviewer's routes.
 */
export function ReviewerCommentsPanel({ editor, reviewerId, organizationName }: ReviewerProps) {
  const scope = useMemo<CommentsScope>(() => ({ kind: 'reviewer', reviewerId }), [reviewerId]);
  const viewer = useMemo<Viewer>(
    () => ({ kind: 'reviewer', reviewerId, organizationName }),
    [reviewerId, organizationName],
  );
  return <ThreadsPanel editor={editor} scope={scope} viewer={viewer} />;
}

/**
 * The comments of a contract beside its editor: threads highlighted in the text (a decoration
 * plugin, never marks), a "Comment" action on a selection, replies, resolve and reopen, internal
 * or shared, and "@" to mention a team member.
 */
function ThreadsPanel({
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
  const [bubble, setBubble] = useState<{ top: number; left: number } | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const openThread = useRef((id: string) => setActive(id));
  openThread.current = (id: string) => setActive(id);

  // The highlights plugin lives as long as the editor.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.registerPlugin(commentHighlights((id) => openThread.current(id)));
    return () => {
      if (!editor.isDestroyed) editor.unregisterPlugin(commentHighlightsKey);
    };
  }, [editor]);

  // Threads (re)placed whenever they load or change; then they map through the edits on screen.
  const items = threads.data?.items;
  useEffect(() => {
    if (!editor || editor.isDestroyed || !items) return;
    editor.view.dispatch(
      highlightsOnly(editor).setMeta(commentHighlightsKey, { threads: placeThreads(editor, items) }),
    );
  }, [editor, items]);

  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    editor.view.dispatch(highlightsOnly(editor).setMeta(commentHighlightsKey, { active }));
  }, [editor, active]);

  // The "Comment" action floats under a selection.
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
  }, [editor]);

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
          <NewThread
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

function VisibilityBadge({ visibility }: { visibility: CommentVisibility }) {
  const Icon = visibility === 'internal' ? Lock : Users;
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium ${visibility === 'internal' ? 'bg-slate-100 text-slate-700' : 'bg-sky-50 text-sky-800'}`}
      title={visibility === 'internal' ? 'Only your team sees it' : 'The other side sees it too'}
    >
      <Icon aria-hidden="true" className="size-3" />
      {visibilityLabels[visibility]}
    </span>
  );
}

function Quote({ text }: { text: string }) {
  return (
    <blockquote className="line-clamp-2 break-words border-l-2 border-amber-400 pl-2 text-xs italic text-slate-600">
      {text}
    </blockquote>
  );
}

function NewThread({
  scope,
  viewer,
  anchor,
  onDone,
}: {
  scope: CommentsScope;
  viewer: Viewer;
  anchor: TextAnchor;
  onDone: (thread: CommentThread | null) => void;
}) {
  const create = useCreateThread(scope);
  const [body, setBody] = useState('');
  const [mentions, setMentions] = useState<Mentionable[]>([]);
  // A reviewer's threads are always shared: the server refuses them any other.
  const [visibility, setVisibility] = useState<CommentVisibility>(
    viewer.kind === 'reviewer' ? 'shared' : 'internal',
  );
  const people = viewer.kind === 'team' ? viewer.people : [];
  const submit = async () => {
    if (!body.trim()) return;
    const thread = await create
      .mutateAsync({ visibility, anchor, body, mentions: mentionsIn(body, mentions).map((m) => m.id) })
      .catch(() => null);
    if (thread) onDone(thread);
  };
  return (
    <form
      id="new-comment"
      aria-label="New comment"
      className="mt-3 space-y-2 rounded-md bg-slate-50 p-3 ring-1 ring-slate-200"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Quote text={anchor.quote} />
      <MentionTextarea
        value={body}
        onChange={setBody}
        mentions={mentions}
        onMentionsChange={setMentions}
        people={people}
        label="Comment"
        placeholder={viewer.kind === 'team' ? 'Comment, or @ to mention someone' : 'Comment'}
        maxLength={commentLimits.bodyCharacters}
        autoFocus
        onSubmit={() => void submit()}
      />
      {viewer.kind === 'reviewer' ? (
        <p className="flex items-center gap-1.5 text-xs text-slate-600">
          <Users aria-hidden="true" className="size-3.5 shrink-0" />
          {viewer.organizationName} sees your comment
        </p>
      ) : (
        <fieldset className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
          <legend className="sr-only">Who sees it</legend>
          <label className="flex items-center gap-1.5">
            <input
              type="radio"
              name="comment-visibility"
              checked={visibility === 'internal'}
              onChange={() => setVisibility('internal')}
            />
            Internal (team only)
          </label>
          <label className="flex items-center gap-1.5">
            <input
              type="radio"
              name="comment-visibility"
              checked={visibility === 'shared'}
              onChange={() => setVisibility('shared')}
            />
            Shared with the other side
          </label>
        </fieldset>
      )}
      {create.error && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(create.error)}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" size="sm" onClick={() => onDone(null)}>
          Cancel
        </Button>
        <Button type="submit" size="sm" loading={create.isPending} disabled={!body.trim()}>
          Post comment
        </Button>
      </div>
    </form>
  );
}

function ThreadCard({
  scope,
  viewer,
  thread,
  expanded,
  onOpen,
}: {
  scope: CommentsScope;
  viewer: Viewer;
  thread: CommentThread;
  expanded: boolean;
  onOpen: () => void;
}) {
  const reply = useReply(scope);
  const setResolved = useSetResolved(scope);
  const people = viewer.kind === 'team' ? viewer.people : [];
  const [body, setBody] = useState('');
  const [mentions, setMentions] = useState<Mentionable[]>([]);
  const [first, ...replies] = thread.comments;
  const submit = async () => {
    if (!body.trim()) return;
    const done = await reply
      .mutateAsync({ threadId: thread.id, body, mentions: mentionsIn(body, mentions).map((m) => m.id) })
      .catch(() => null);
    if (done) {
      setBody('');
      setMentions([]);
    }
  };
  const shownComments = expanded ? thread.comments : first ? [first] : [];
  // The team resolves any thread; a reviewer only the ones they started (the server's rule too).
  const mayResolve =
    viewer.kind === 'team' || (first?.author.kind === 'reviewer' && first.author.id === viewer.reviewerId);
  // A reviewer is shown a thread on a passage the team changed since sending them this version
  // with no quote at all: the server tells them nothing of the text as it is now.
  const unplaced = viewer.kind === 'reviewer' && thread.detachedAt !== null;
  return (
    <li
      data-thread={thread.id}
      aria-label={
        unplaced ? 'Comment on a passage changed since' : `Comment on "${thread.anchor.quote.slice(0, 60)}"`
      }
      className={`rounded-md p-3 text-sm ring-1 ${expanded ? 'bg-amber-50/60 ring-amber-300' : 'ring-slate-200'} ${thread.resolvedAt ? 'opacity-75' : ''}`}
    >
      <button
        type="button"
        className="block w-full space-y-1.5 text-left"
        onClick={onOpen}
        aria-expanded={expanded}
      >
        <div className="flex items-start justify-between gap-2">
          {unplaced ? (
            <p className="rounded bg-amber-50 px-2 py-1 text-xs font-medium text-amber-900">
              On a passage {viewer.organizationName} has changed since sending you this version
            </p>
          ) : (
            <Quote text={thread.anchor.quote} />
          )}
          <VisibilityBadge visibility={thread.visibility} />
        </div>
        {thread.detachedAt && !unplaced && (
          <p className="rounded bg-red-50 px-2 py-1 text-xs font-medium text-red-800">
            Its passage was deleted
          </p>
        )}
        {thread.resolvedAt && (
          <p className="flex items-center gap-1 text-xs text-green-700">
            <CheckCircle2 aria-hidden="true" className="size-3.5" />
            Resolved{thread.resolvedBy ? ` by ${thread.resolvedBy}` : ''}
          </p>
        )}
      </button>
      <ul className="mt-2 space-y-2">
        {shownComments.map((comment) => (
          <li key={comment.id}>
            <p className="text-xs text-slate-500">
              <span className="font-medium text-slate-800">{comment.author.name}</span>
              <AuthorSide author={comment.author} viewer={viewer} /> · {formatDateTime(comment.createdAt)}
            </p>
            <p className="whitespace-pre-wrap break-words text-slate-800">{comment.body}</p>
          </li>
        ))}
      </ul>
      {!expanded && replies.length > 0 && (
        <button
          type="button"
          className="mt-1 text-xs font-medium text-indigo-700 hover:underline"
          onClick={onOpen}
        >
          {replies.length === 1 ? '1 reply' : `${replies.length} replies`}
        </button>
      )}
      {expanded && (
        <div className="mt-3 space-y-2">
          <MentionTextarea
            value={body}
            onChange={setBody}
            mentions={mentions}
            onMentionsChange={setMentions}
            people={people}
            label="Reply"
            placeholder={viewer.kind === 'team' ? 'Reply, or @ to mention someone' : 'Reply'}
            maxLength={commentLimits.bodyCharacters}
            rows={2}
            onSubmit={() => void submit()}
          />
          {(reply.error || setResolved.error) && (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(reply.error ?? setResolved.error)}
            </p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            {mayResolve && (
              <Button
                variant="secondary"
                size="sm"
                loading={setResolved.isPending}
                onClick={() => setResolved.mutate({ threadId: thread.id, resolved: !thread.resolvedAt })}
              >
                {thread.resolvedAt ? (
                  <>
                    <RotateCcw aria-hidden="true" className="size-4" />
                    Reopen
                  </>
                ) : (
                  <>
                    <CheckCircle2 aria-hidden="true" className="size-4" />
                    Resolve
                  </>
                )}
              </Button>
            )}
            <Button size="sm" loading={reply.isPending} disabled={!body.trim()} onClick={() => void submit()}>
              Reply
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}

/**
 * Which side an author is on, as the reader sees it: to the team a reviewer is the other side;
 * to a reviewer the team is (named by its organization), and their own comments are theirs.
 */
function AuthorSide({
  author,
  viewer,
}: {
  author: CommentThread['comments'][number]['author'];
  viewer: Viewer;
}) {
  const label =
    viewer.kind === 'team'
      ? author.kind === 'reviewer'
        ? 'Other side'
        : null
      : author.kind === 'user'
        ? viewer.organizationName
        : author.id === viewer.reviewerId
          ? 'You'
          : 'Reviewer';
  if (!label) return null;
  return (
    <span className="ml-1.5 inline-flex items-center rounded-full bg-sky-50 px-1.5 py-px align-middle text-[11px] font-medium text-sky-800 ring-1 ring-sky-200">
      {label}
    </span>
  );
}
