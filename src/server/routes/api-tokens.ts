import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiTokensApi } from '../../shared/routes/api-tokens';
import type { AppDeps } from '../deps';
import { actorOf } from '../plugins/authentication';
import { createApiToken } from '../services/api-tokens/create-api-token';
import { listApiTokens } from '../services/api-tokens/list-api-tokens';
import { revokeApiToken } from '../services/api-tokens/revoke-api-token';
import { registerRoute } from './register-route';

export const apiTokenRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  registerRoute(app, apiTokensApi.list, {}, async (request) => listApiTokens(db, actorOf(request)));

  registerRoute(app, apiTokensApi.create, {}, async (request, reply) =>
    reply.status(201).send(await createApiToken(db, actorOf(request), request.body, config.sessionSecret)),
  );

  registerRoute(app, apiTokensApi.revoke, {}, async (request, reply) => {
    await revokeApiToken(db, actorOf(request), request.params.id);
    return reply.status(204).send();
  });
};
