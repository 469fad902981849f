import { z } from 'zod';
import { idSchema, timestampSchema } from './common';

/** internal: the team only; shared: the other side's reviewers see it too. */
export const commentVisibilities = ['internal', 'shared'] as const;
export type CommentVisibility = (typeof commentVisibilities)[number];

/** What one contract's comments may hold: every cap is checked by the server. */
export const commentLimits = {
  bodyCharacters: 5_000,
  threadsPerContract: 2_000,
  commentsPerThread: 200,
  /** What one reviewer of the other side writes on the draft, threads and replies: a flood is not a review. */
  commentsPerReviewer: 500,
  mentionsPerComment: 20,
  quoteCharacters: 10_000,
  contextCharacters: 64,
} as const;

export const commentVisibilitySchema = z
  .enum(commentVisibilities)
  .describe('internal: the team only; shared: the reviewers of the other side see it too');

const bodySchema = z
  .string()
  .trim()
  .min(1, { error: 'Write a comment' })
  .max(commentLimits.bodyCharacters, {
    error: `A comment is at most ${commentLimits.bodyCharacters.toLocaleString('en')} characters`,
  });

const mentionsSchema = z
  .array(idSchema)
  .max(commentLimits.mentionsPerComment, {
    error: `A comment mentions at most ${commentLimits.mentionsPerComment} people`,
  })
  .default([])
  .describe('The team members the comment mentions (@name): each is notified');

export const textAnchorSchema = z
  .object({
    quote: z.string().min(1).max(commentLimits.quoteCharacters),
    prefix: z.string().max(commentLimits.contextCharacters),
    suffix: z.string().max(commentLimits.contextCharacters),
    start: z.int().min(0),
    end: z.int().min(1),
  })
  .refine((anchor) => anchor.end - anchor.start === anchor.quote.length, {
    error: 'end - start must be the length of the quote',
    path: ['end'],
  })
  .describe(
    "A passage of the document's plain text (text blocks joined by \\n): the quoted text, up to 64 characters before and after it, and its offsets",
  );
export type TextAnchorInput = z.infer<typeof textAnchorSchema>;

export const createThreadBodySchema = z.object({
  visibility: commentVisibilitySchema,
  anchor: textAnchorSchema,
  body: bodySchema,
  mentions: mentionsSchema,
});
export type CreateThreadInput = z.infer<typeof createThreadBodySchema>;

export const replyBodySchema = z.object({ body: bodySchema, mentions: mentionsSchema });
export type ReplyInput = z.infer<typeof replyBodySchema>;

export const threadParamsSchema = z.object({ id: idSchema, threadId: idSchema });

const authorSchema = z
  .object({
    kind: z.enum(['user', 'reviewer']).describe('A team member, or a reviewer of the other side'),
    id: idSchema.nullable().describe('The user or reviewer; null once that account is gone'),
    name: z.string(),
  })
  .meta({ id: 'CommentAuthor' });

export const commentSchema = z
  .object({
    id: idSchema,
    author: authorSchema,
    body: z.string(),
    mentions: z.array(z.object({ id: idSchema, name: z.string() })),
    createdAt: timestampSchema,
  })
  .meta({ id: 'Comment' });
export type Comment = z.infer<typeof commentSchema>;

export const commentThreadSchema = z
  .object({
    id: idSchema,
    visibility: commentVisibilitySchema,
    anchor: z
      .object({
        quote: z.string(),
        prefix: z.string(),
        suffix: z.string(),
        start: z.int(),
        end: z.int(),
      })
      .describe(
        "The passage in the text the reader reads: the team's draft, or for a reviewer the version sent to them",
      ),
    detachedAt: timestampSchema
      .nullable()
      .describe(
        'Set when an edit deleted the passage: the quote is what it said. To a reviewer, set when the thread is on no passage of the version sent to them (the team changed it since): the quote and context are then empty',
      ),
    resolvedAt: timestampSchema.nullable(),
    resolvedBy: z.string().nullable().describe('Who resolved it'),
    comments: z.array(commentSchema).describe('The first comment, then the replies, oldest first'),
    createdAt: timestampSchema,
  })
  .meta({ id: 'CommentThread' });
export type CommentThread = z.infer<typeof commentThreadSchema>;

export const commentThreadListSchema = z.object({ items: z.array(commentThreadSchema) });
export type CommentThreadList = z.infer<typeof commentThreadListSchema>;
