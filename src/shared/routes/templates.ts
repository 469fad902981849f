import { idParamsSchema } from '../api/common';
import { contractPageSchema, contractSchema } from '../api/contracts';
import { createFromTemplateBodySchema, listTemplatesQuerySchema } from '../api/templates';
import { resourceErrors } from './error-responses';
import { defineRoute } from './route-contract';

const tags = ['Templates'];

export const templatesApi = {
  list: defineRoute({
    method: 'GET',
    path: '/templates',
    tags,
    summary: 'List templates, newest updated first',
    query: listTemplatesQuerySchema,
    response: { 200: contractPageSchema, ...resourceErrors },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/templates/:id',
    tags,
    summary: "Read a template (TEMPLATE_NOT_FOUND for a contract or another organization's id)",
    params: idParamsSchema,
    response: { 200: contractSchema, ...resourceErrors },
  }),
  createContract: defineRoute({
    method: 'POST',
    path: '/templates/:id/contracts',
    tags,
    summary: 'Create a draft contract from a template, in a chosen project',
    params: idParamsSchema,
    body: createFromTemplateBodySchema,
    response: { 200: contractSchema, 201: contractSchema, ...resourceErrors },
  }),
};
