import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiTokensApi } from '../../shared/routes/api-tokens';
import type { AppDeps } from '../deps';
import { contextOf } from '../plugins/authentication';
import { createApiToken } from '../services/api-tokens/create-api-token';
import { listApiTokens } from '../services/api-tokens/list-api-tokens';
import { revokeApiToken } from '../services/api-tokens/revoke-api-token';
import { registerRoute } from './register-route';

export const apiTokenRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  registerRoute(app, apiTokensApi.list, {}, async (request) => listApiTokens(contextOf(request)));

  registerRoute(app, apiTokensApi.create, {}, async (request, reply) =>
    reply.status(201).send(await createApiToken(contextOf(request), request.body)),
  );

  registerRoute(app, apiTokensApi.revoke, {}, async (request, reply) => {
    await revokeApiToken(contextOf(request), request.params.id);
    return reply.status(204).send();
  });
};
