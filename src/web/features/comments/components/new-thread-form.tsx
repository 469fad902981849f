import { Users } from 'lucide-react';
import { useState } from 'react';
import type { TextAnchor } from '../../../../editor/comments/anchor';
import { type CommentThread, type CommentVisibility, commentLimits } from '../../../../shared/api/comments';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-errors';
import { type CommentsScope, useCreateThread } from '../api/comments';
import { Quote } from './comment-labels';
import { MentionTextarea } from './mention-textarea';
import { useCommentText } from './use-comment-text';
import { mentionablePeople, type Viewer } from './viewer';

/** A new thread on the selected passage: its first comment, and (for the team) who sees it. */
export function NewThreadForm({
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
  const text = useCommentText();
  // A reviewer's threads are always shared: the server refuses them any other.
  const [visibility, setVisibility] = useState<CommentVisibility>(
    viewer.kind === 'reviewer' ? 'shared' : 'internal',
  );
  const submit = async () => {
    if (!text.body.trim()) return;
    const thread = await create
      .mutateAsync({ visibility, anchor, body: text.body, mentions: text.mentionIds() })
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
        {...text.field}
        people={mentionablePeople(viewer)}
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
        <Button type="submit" size="sm" loading={create.isPending} disabled={!text.body.trim()}>
          Post comment
        </Button>
      </div>
    </form>
  );
}
