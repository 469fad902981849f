import { CheckCircle2, RotateCcw } from 'lucide-react';
import { type CommentThread, commentLimits } from '../../../../shared/api/comments';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/dates';
import { type CommentsScope, useReply, useSetResolved } from '../api/comments';
import { AuthorSide, Quote, VisibilityBadge } from './comment-labels';
import { MentionTextarea } from './mention-textarea';
import { useCommentText } from './use-comment-text';
import { mentionablePeople, type Viewer } from './viewer';

/** One thread in the list: its passage and first comment, and when expanded every reply, a reply box and resolve. */
export function ThreadCard({
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
  const text = useCommentText();
  const [first, ...replies] = thread.comments;
  const submit = async () => {
    if (!text.body.trim()) return;
    const done = await reply
      .mutateAsync({ threadId: thread.id, body: text.body, mentions: text.mentionIds() })
      .catch(() => null);
    if (done) text.clear();
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
            {...text.field}
            people={mentionablePeople(viewer)}
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
            <Button
              size="sm"
              loading={reply.isPending}
              disabled={!text.body.trim()}
              onClick={() => void submit()}
            >
              Reply
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
