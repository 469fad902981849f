import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workspaceApi } from '../../shared/routes/workspace';
import type { AppDeps } from '../deps';
import { contextOf } from '../plugins/authentication';
import { listCustomFields } from '../services/custom-fields/list-custom-fields';
import { getDashboardSummary } from '../services/dashboard/get-dashboard-summary';
import { registerRoute } from './register-route';

export const workspaceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  registerRoute(app, workspaceApi.dashboard, {}, async (request) => getDashboardSummary(contextOf(request)));

  registerRoute(app, workspaceApi.customFields, {}, async (request) => ({
    items: await listCustomFields(contextOf(request)),
  }));
};
