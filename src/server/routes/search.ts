import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchApi } from '../../shared/routes/search';
import type { AppDeps } from '../deps';
import { contextOf } from '../plugins/authentication';
import { searchContracts } from '../services/search/search-contracts';
import { registerRoute } from './register-route';

export const searchRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  registerRoute(app, searchApi.contracts, {}, async (request) =>
    searchContracts(contextOf(request), request.query),
  );
};
