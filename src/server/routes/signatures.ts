import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  listSignatureRequestsQuerySchema,
  savedSignatureSchema,
  saveSignatureBodySchema,
  signatureRequestPageSchema,
} from '../../shared/api/signatures';
import type { AppDeps } from '../deps';
import { actorOf } from '../plugins/authentication';
import { listSignatureRequests } from '../services/signatures/list-signature-requests';
import {
  getSavedSignature,
  removeSavedSignature,
  saveSignature,
} from '../services/signatures/saved-signature';
import { resourceErrors } from './error-responses';

export const signatureRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const tags = ['Signatures'];

  app.get(
    '/signatures',
    {
      schema: {
        tags,
        summary: 'Signature requests across the organization, newest sent first',
        querystring: listSignatureRequestsQuerySchema,
        response: { 200: signatureRequestPageSchema, ...resourceErrors },
      },
    },
    async (request) => listSignatureRequests(db, actorOf(request), request.query),
  );

  app.get(
    '/profile/signature',
    {
      schema: {
        tags,
        summary: 'Your saved signature',
        response: { 200: savedSignatureSchema, ...resourceErrors },
      },
    },
    async (request) => getSavedSignature(db, actorOf(request).userId),
  );

  app.put(
    '/profile/signature',
    {
      schema: {
        tags,
        summary: 'Save your signature (a PNG, drawn or typed), offered when you sign',
        body: saveSignatureBodySchema,
        response: { 200: savedSignatureSchema, ...resourceErrors },
      },
    },
    async (request) => saveSignature(db, actorOf(request), request.body),
  );

  app.delete(
    '/profile/signature',
    {
      schema: {
        tags,
        summary: 'Forget your saved signature',
        response: { 200: savedSignatureSchema, ...resourceErrors },
      },
    },
    async (request) => removeSavedSignature(db, actorOf(request)),
  );
};
