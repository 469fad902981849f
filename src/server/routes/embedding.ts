import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { embeddingApi } from '../../shared/routes/embedding';
import type { AppDeps } from '../deps';
import { contextOf } from '../plugins/authentication';
import { embedSigningUrl } from '../services/embedding/embed-signing-url';
import { getEmbeddingSettings, updateEmbeddingSettings } from '../services/embedding/embedding-settings';
import { registerRoute } from './register-route';

/** Signing inside another web app: the organization's allowed origins, and a recipient's embed URL. */
export const embeddingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  registerRoute(app, embeddingApi.signingUrl, {}, async (request, reply) => {
    const answer = await embedSigningUrl(contextOf(request), {
      contractId: request.params.id,
      signerId: request.params.signerId,
      origin: request.body.origin,
    });
    return reply.header('cache-control', 'no-store').send(answer);
  });
  registerRoute(app, embeddingApi.settings, {}, async (request) => getEmbeddingSettings(contextOf(request)));
  registerRoute(app, embeddingApi.updateSettings, {}, async (request) =>
    updateEmbeddingSettings(contextOf(request), request.body.origins),
  );
};
