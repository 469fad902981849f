import { apiTokenListSchema, createApiTokenBodySchema, createdApiTokenSchema } from '../api/api-tokens';
import { idParamsSchema, noContentSchema } from '../api/common';
import { errorBodySchema } from '../api/error-body';
import { defineRoute } from './route-contract';

const tags = ['API tokens'];

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** Managing tokens is for admins signed in: a token never reaches these (see api-token-access). */
export const apiTokensApi = {
  list: defineRoute({
    method: 'GET',
    path: '/api-tokens',
    tags,
    summary: "The organization's API tokens, newest first (admins)",
    response: { 200: apiTokenListSchema, ...errors },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api-tokens',
    tags,
    summary: 'Create an API token (admins): the answer is the only time the token is shown',
    body: createApiTokenBodySchema,
    response: { 201: createdApiTokenSchema, ...errors },
  }),
  revoke: defineRoute({
    method: 'DELETE',
    path: '/api-tokens/:id',
    tags,
    summary: 'Revoke an API token (admins): its next request is refused',
    params: idParamsSchema,
    response: { 204: noContentSchema, ...errors },
  }),
};
