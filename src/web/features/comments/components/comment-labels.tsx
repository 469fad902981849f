import { Lock, Users } from 'lucide-react';
import type { CommentThread, CommentVisibility } from '../../../../shared/api/comments';
import type { Viewer } from './viewer';

const visibilityLabels: Record<CommentVisibility, string> = {
  internal: 'Internal',
  shared: 'Shared',
};

export function VisibilityBadge({ visibility }: { visibility: CommentVisibility }) {
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

export function Quote({ text }: { text: string }) {
  return (
    <blockquote className="line-clamp-2 break-words border-l-2 border-amber-400 pl-2 text-xs italic text-slate-600">
      {text}
    </blockquote>
  );
}

/**
 * Which side an author is on, as the reader sees it: to the team a reviewer is the other side;
 * to a reviewer the team is (named by its organization), and their own comments are theirs.
 */
export function AuthorSide({
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
