import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signaturesApi } from '../../shared/routes/signatures';
import type { AppDeps } from '../deps';
import { contextOf } from '../plugins/authentication';
import { listSignatureRequests } from '../services/signatures/list-signature-requests';
import {
  getOwnSavedSignature,
  removeSavedSignature,
  saveSignature,
} from '../services/signatures/saved-signature';
import { registerRoute } from './register-route';

export const signatureRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  registerRoute(app, signaturesApi.list, {}, async (request) =>
    listSignatureRequests(contextOf(request), request.query),
  );

  registerRoute(app, signaturesApi.mine, {}, async (request) => getOwnSavedSignature(contextOf(request)));

  registerRoute(app, signaturesApi.putMine, {}, async (request) => {
    const ctx = contextOf(request);
    await saveSignature(ctx, request.body);
    return getOwnSavedSignature(ctx);
  });

  registerRoute(app, signaturesApi.removeMine, {}, async (request) => {
    const ctx = contextOf(request);
    await removeSavedSignature(ctx);
    return getOwnSavedSignature(ctx);
  });
};
