import type { Comment, CommentThread } from '../../shared/api/comments';
import type { CommentRow, CommentThreadRow } from '../db/schema';

export function presentComment(row: CommentRow): Comment {
  return {
    id: row.id,
    author: {
      kind: row.byReviewer ? 'reviewer' : 'user',
      id: row.byReviewer ? row.authorReviewerId : row.authorUserId,
      name: row.authorName,
    },
    body: row.body,
    mentions: row.mentions.map((mention) => ({ id: mention.id, name: mention.name })),
    createdAt: row.createdAt.toISOString(),
  };
}

/** A thread with its comments (given oldest first). */
export function presentThread(row: CommentThreadRow, threadComments: readonly CommentRow[]): CommentThread {
  return {
    id: row.id,
    visibility: row.visibility,
    anchor: {
      quote: row.quote,
      prefix: row.prefix,
      suffix: row.suffix,
      start: row.anchorStart,
      end: row.anchorEnd,
    },
    detachedAt: row.detachedAt?.toISOString() ?? null,
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolvedBy: row.resolvedByName,
    comments: threadComments.map(presentComment),
    createdAt: row.createdAt.toISOString(),
  };
}
