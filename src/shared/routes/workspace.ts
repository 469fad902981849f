import { customFieldListSchema } from '../api/custom-fields';
import { dashboardSummarySchema } from '../api/dashboard';
import { errorBodySchema } from '../api/error-body';
import { defineRoute } from './route-contract';

export const workspaceApi = {
  dashboard: defineRoute({
    method: 'GET',
    path: '/dashboard',
    tags: ['Dashboard'],
    summary: 'Status counts, recent contracts and recent projects, in one request',
    response: { 200: dashboardSummarySchema, 401: errorBodySchema },
  }),
  customFields: defineRoute({
    method: 'GET',
    path: '/custom-fields',
    tags: ['Signer fields'],
    summary: "The signer fields: the three system fields first, then the organization's own",
    response: { 200: customFieldListSchema, 401: errorBodySchema },
  }),
};
