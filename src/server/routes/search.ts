import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchApi } from '../../shared/routes/search';
import type { AppDeps } from '../deps';
import { contextOf } from '../plugins/authentication';
import { exportContracts } from '../services/exports/export-file';
import { deleteSavedView, updateSavedView } from '../services/saved-views/change-saved-view';
import { createSavedView } from '../services/saved-views/create-saved-view';
import { listSavedViews } from '../services/saved-views/list-saved-views';
import { searchContracts } from '../services/search/search-contracts';
import { registerRoute } from './register-route';
import { sendStream } from './send-file';

export const searchRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  registerRoute(app, searchApi.contracts, {}, async (request) =>
    searchContracts(contextOf(request), request.query),
  );

  registerRoute(app, searchApi.exportContracts, {}, async (request, reply) => {
    const file = await exportContracts(contextOf(request), request.query);
    return sendStream(reply.header('x-export-truncated', String(file.truncated)), file);
  });

  registerRoute(app, searchApi.views, {}, async (request) => ({
    items: await listSavedViews(contextOf(request)),
  }));
  registerRoute(app, searchApi.createView, {}, async (request, reply) =>
    reply.status(201).send(await createSavedView(contextOf(request), request.body)),
  );
  registerRoute(app, searchApi.updateView, {}, async (request) =>
    updateSavedView(contextOf(request), request.params.id, request.body),
  );
  registerRoute(app, searchApi.deleteView, {}, async (request, reply) => {
    await deleteSavedView(contextOf(request), request.params.id);
    return reply.status(204).send();
  });
};
