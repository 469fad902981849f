import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { at, createdAt, document, id, updatedAt } from './columns';
import { contracts } from './contracts';
import { commentVisibilityEnum, suggestionStatusEnum } from './enums';

// The other side's reviewers, their suggested changes, and comment threads.

/**
 * The other side's reviewers of a draft: invited by e-mail with a link like a signing link (a
 * random token of which only the hash is kept, exchanged for a short cookie). They read the
 * current version, comment (shared comments only) and suggest changes; they never edit.
 */
export const reviewers = pgTable(
  'reviewers',
  {
    id: id(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    invitedAt: at('invited_at').notNull(),
    /** The review round (the version sent for review) the latest invitation was for. */
    round: integer('round').notNull(),
    lastViewedAt: at('last_viewed_at'),
    /** No longer allowed in: the review ended (the contract was sent for signing) or was withdrawn. */
    closedAt: at('closed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reviewers_token_hash_key').on(t.tokenHash),
    uniqueIndex('reviewers_contract_email_key').on(t.contractId, t.email),
  ],
);
export type ReviewerRow = typeof reviewers.$inferSelect;

/**
 * A reviewer's suggested changes: the whole document as they would have it, made on one version;
 * the owner sees it as a redline and accepts or rejects each change.
 */
export const suggestions = pgTable(
  'suggestions',
  {
    id: id(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => reviewers.id, { onDelete: 'cascade' }),
    /** The version the reviewer read and changed. */
    baseVersion: integer('base_version').notNull(),
    content: document(),
    note: text('note'),
    status: suggestionStatusEnum('status').notNull().default('open'),
    /** How many of its changes were accepted and rejected, once decided. */
    accepted: integer('accepted').notNull().default(0),
    rejected: integer('rejected').notNull().default(0),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: at('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [index('suggestions_contract_idx').on(t.contractId, t.createdAt)],
);
export type SuggestionRow = typeof suggestions.$inferSelect;

/**
 * Comment threads on a contract, outside its content: a comment never changes the contract, its
 * revision or its versions. A thread anchors to a passage of the content's plain text by a text
 * quote selector (the quote, its context, its offsets), found again at every content change
 * (services/comments/reanchor-threads.ts); detachedAt is set when the passage was deleted.
 */
export const commentThreads = pgTable(
  'comment_threads',
  {
    id: id(),
    contractId: uuid('contract_id')
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    visibility: commentVisibilityEnum('visibility').notNull(),
    quote: text('quote').notNull(),
    prefix: text('prefix').notNull(),
    suffix: text('suffix').notNull(),
    anchorStart: integer('anchor_start').notNull(),
    anchorEnd: integer('anchor_end').notNull(),
    detachedAt: at('detached_at'),
    resolvedAt: at('resolved_at'),
    resolvedByName: text('resolved_by_name'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('comment_threads_contract_idx').on(t.contractId, t.createdAt)],
);
export type CommentThreadRow = typeof commentThreads.$inferSelect;

/** A thread's comments: the first one and its replies. The author is a team member or a reviewer. */
export const comments = pgTable(
  'comments',
  {
    id: id(),
    threadId: uuid('thread_id')
      .notNull()
      .references(() => commentThreads.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    authorReviewerId: uuid('author_reviewer_id').references(() => reviewers.id, { onDelete: 'set null' }),
    /** Whether a reviewer wrote it (kept when the reviewer row goes). */
    byReviewer: boolean('by_reviewer').notNull().default(false),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    /** The team members it mentions (@name), each notified once. */
    mentions: jsonb('mentions').$type<{ id: string; name: string }[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    index('comments_thread_idx').on(t.threadId, t.createdAt),
    check('comments_one_author', sql`${t.authorUserId} is null or ${t.authorReviewerId} is null`),
  ],
);
export type CommentRow = typeof comments.$inferSelect;
