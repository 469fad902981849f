import {
  commentThreadListSchema,
  commentThreadSchema,
  createThreadBodySchema,
  replyBodySchema,
  threadParamsSchema,
} from '../api/comments';
import { idParamsSchema } from '../api/common';
import { errorBodySchema } from '../api/error-body';
import { resourceErrors } from './error-responses';
import { defineRoute } from './route-contract';

const tags = ['Comments'];
const writeErrors = { ...resourceErrors, 403: errorBodySchema, 413: errorBodySchema };

export const commentsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/contracts/:id/comments',
    tags,
    summary: "A contract's comment threads in the order of the text (threads whose passage was deleted last)",
    params: idParamsSchema,
    response: { 200: commentThreadListSchema, ...resourceErrors },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/contracts/:id/comments',
    tags,
    summary:
      'Start a thread on a passage of the saved content (409 when the passage is not in it: save the draft first)',
    params: idParamsSchema,
    body: createThreadBodySchema,
    response: { 201: commentThreadSchema, ...writeErrors },
  }),
  reply: defineRoute({
    method: 'POST',
    path: '/contracts/:id/comments/:threadId/replies',
    tags,
    summary: 'Reply to a thread',
    params: threadParamsSchema,
    body: replyBodySchema,
    response: { 201: commentThreadSchema, ...writeErrors },
  }),
  resolve: defineRoute({
    method: 'POST',
    path: '/contracts/:id/comments/:threadId/resolve',
    tags,
    summary: 'Resolve a thread',
    params: threadParamsSchema,
    response: { 200: commentThreadSchema, ...resourceErrors },
  }),
  reopen: defineRoute({
    method: 'POST',
    path: '/contracts/:id/comments/:threadId/reopen',
    tags,
    summary: 'Reopen a resolved thread',
    params: threadParamsSchema,
    response: { 200: commentThreadSchema, ...resourceErrors },
  }),
};
