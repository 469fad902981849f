import {
  commentThreadListSchema,
  commentThreadSchema,
  createThreadBodySchema,
  replyBodySchema,
} from '../api/comments';
import { idSchema } from '../api/common';
import { errorBodySchema } from '../api/error-body';
import { reviewerParamsSchema } from '../api/reviews';
import { reviewerErrors } from './reviews';
import { defineRoute } from './route-contract';

const tags = ['Reviews'];
const writeErrors = { ...reviewerErrors, 403: errorBodySchema, 413: errorBodySchema };
const reviewerThreadParamsSchema = reviewerParamsSchema.extend({ threadId: idSchema });

/**
 * The other side's comments, under the reviewer's cookie path: the same threads, services and
 * policy as the team's (`comments`), seen as the reviewer, who reaches only the shared threads
 * of the contract under review. Anything else is not found.
 */
export const reviewCommentsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/review/:reviewerId/comments',
    tags,
    summary: 'The shared comment threads of the draft under review, in the order of the text',
    params: reviewerParamsSchema,
    response: { 200: commentThreadListSchema, ...reviewerErrors },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/review/:reviewerId/comments',
    tags,
    summary: 'Start a shared thread on a passage of the draft (an internal one is refused: 403)',
    params: reviewerParamsSchema,
    body: createThreadBodySchema,
    response: { 201: commentThreadSchema, ...writeErrors },
  }),
  reply: defineRoute({
    method: 'POST',
    path: '/review/:reviewerId/comments/:threadId/replies',
    tags,
    summary: 'Reply to a shared thread',
    params: reviewerThreadParamsSchema,
    body: replyBodySchema,
    response: { 201: commentThreadSchema, ...writeErrors },
  }),
  resolve: defineRoute({
    method: 'POST',
    path: '/review/:reviewerId/comments/:threadId/resolve',
    tags,
    summary: 'Resolve a thread the reviewer started',
    params: reviewerThreadParamsSchema,
    response: { 200: commentThreadSchema, ...reviewerErrors, 403: errorBodySchema },
  }),
  reopen: defineRoute({
    method: 'POST',
    path: '/review/:reviewerId/comments/:threadId/reopen',
    tags,
    summary: 'Reopen a thread the reviewer started',
    params: reviewerThreadParamsSchema,
    response: { 200: commentThreadSchema, ...reviewerErrors, 403: errorBodySchema },
  }),
};
