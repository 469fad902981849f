import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { termsApi } from '../../shared/routes/terms';
import type { AppDeps } from '../deps';
import { contextOf } from '../plugins/authentication';
import {
  createContractType,
  createTermField,
  deleteContractType,
  deleteTermField,
  renameContractType,
  termSettings,
  updateTermField,
} from '../services/terms/term-settings';
import { bulkUpdateTerms, getTerms, updateTerms } from '../services/terms/update-terms';
import { registerRoute } from './register-route';

export const termRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  registerRoute(app, termsApi.get, {}, async (request) => getTerms(contextOf(request), request.params.id));
  registerRoute(app, termsApi.update, {}, async (request) =>
    updateTerms(contextOf(request), request.params.id, request.body),
  );
  registerRoute(app, termsApi.bulkUpdate, {}, async (request) =>
    bulkUpdateTerms(contextOf(request), request.body),
  );

  const settingsOf = (request: Parameters<typeof contextOf>[0]) => {
    const ctx = contextOf(request);
    return termSettings(ctx.db, ctx.actor.organizationId);
  };
  registerRoute(app, termsApi.settings, {}, async (request) => settingsOf(request));
  registerRoute(app, termsApi.createType, {}, async (request, reply) => {
    await createContractType(contextOf(request), request.body);
    return reply.status(201).send(await settingsOf(request));
  });
  registerRoute(app, termsApi.renameType, {}, async (request) => {
    await renameContractType(contextOf(request), request.params.id, request.body);
    return settingsOf(request);
  });
  registerRoute(app, termsApi.deleteType, {}, async (request, reply) => {
    await deleteContractType(contextOf(request), request.params.id);
    return reply.status(204).send();
  });
  registerRoute(app, termsApi.createField, {}, async (request, reply) => {
    await createTermField(contextOf(request), request.body);
    return reply.status(201).send(await settingsOf(request));
  });
  registerRoute(app, termsApi.updateField, {}, async (request) => {
    await updateTermField(contextOf(request), request.params.id, request.body);
    return settingsOf(request);
  });
  registerRoute(app, termsApi.deleteField, {}, async (request, reply) => {
    await deleteTermField(contextOf(request), request.params.id);
    return reply.status(204).send();
  });
};
