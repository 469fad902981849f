import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signaturesApi } from '../../shared/routes/signatures';
import type { AppDeps } from '../deps';
import { actorOf } from '../plugins/authentication';
import { listSignatureRequests } from '../services/signatures/list-signature-requests';
import {
  getSavedSignature,
  removeSavedSignature,
  saveSignature,
} from '../services/signatures/saved-signature';
import { registerRoute } from './register-route';

export const signatureRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  registerRoute(app, signaturesApi.list, {}, async (request) =>
    listSignatureRequests(db, actorOf(request), request.query),
  );

  registerRoute(app, signaturesApi.mine, {}, async (request) =>
    getSavedSignature(db, actorOf(request).userId),
  );

  registerRoute(app, signaturesApi.putMine, {}, async (request) =>
    saveSignature(db, actorOf(request), request.body),
  );

  registerRoute(app, signaturesApi.removeMine, {}, async (request) =>
    removeSavedSignature(db, actorOf(request)),
  );
};
