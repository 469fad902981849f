import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  apiTokenListSchema,
  createApiTokenBodySchema,
  createdApiTokenSchema,
} from '../../shared/api/api-tokens';
import { idParamsSchema, noContentSchema } from '../../shared/api/common';
import { errorBodySchema } from '../../shared/api/error-body';
import type { AppDeps } from '../deps';
import { actorOf } from '../plugins/authentication';
import { createApiToken } from '../services/api-tokens/create-api-token';
import { listApiTokens } from '../services/api-tokens/list-api-tokens';
import { revokeApiToken } from '../services/api-tokens/revoke-api-token';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

/** Managing tokens is for admins signed in: a token never reaches these (see api-token-access). */
export const apiTokenRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const tags = ['API tokens'];

  app.get(
    '/api-tokens',
    {
      schema: {
        tags,
        summary: "The organization's API tokens, newest first (admins)",
        response: { 200: apiTokenListSchema, ...errors },
      },
    },
    async (request) => listApiTokens(db, actorOf(request)),
  );

  app.post(
    '/api-tokens',
    {
      schema: {
        tags,
        summary: 'Create an API token (admins): the answer is the only time the token is shown',
        body: createApiTokenBodySchema,
        response: { 201: createdApiTokenSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createApiToken(db, actorOf(request), request.body, config.sessionSecret)),
  );

  app.delete(
    '/api-tokens/:id',
    {
      schema: {
        tags,
        summary: 'Revoke an API token (admins): its next request is refused',
        params: idParamsSchema,
        response: { 204: noContentSchema, ...errors },
      },
    },
    async (request, reply) => {
      await revokeApiToken(db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
