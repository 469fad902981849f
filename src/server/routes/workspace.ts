import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { customFieldListSchema } from '../../shared/api/custom-fields';
import { dashboardSummarySchema } from '../../shared/api/dashboard';
import { errorBodySchema } from '../../shared/api/error-body';
import type { AppDeps } from '../deps';
import { actorOf } from '../plugins/authentication';
import { listCustomFields } from '../services/custom-fields/list-custom-fields';
import { getDashboardSummary } from '../services/dashboard/get-dashboard-summary';

export const workspaceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/dashboard',
    {
      schema: {
        tags: ['Dashboard'],
        summary: 'Status counts, recent contracts and recent projects, in one request',
        response: { 200: dashboardSummarySchema, 401: errorBodySchema },
      },
    },
    async (request) => getDashboardSummary(db, actorOf(request)),
  );

  app.get(
    '/custom-fields',
    {
      schema: {
        tags: ['Signer fields'],
        summary: "The signer fields: the three system fields first, then the organization's own",
        response: { 200: customFieldListSchema, 401: errorBodySchema },
      },
    },
    async (request) => ({ items: await listCustomFields(db, actorOf(request)) }),
  );
};
