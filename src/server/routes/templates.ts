import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema } from '../../shared/api/common';
import { contractPageSchema, contractSchema } from '../../shared/api/contracts';
import { createFromTemplateBodySchema, listTemplatesQuerySchema } from '../../shared/api/templates';
import type { AppDeps } from '../deps';
import { actorOf } from '../plugins/authentication';
import { getContract } from '../services/contracts/get-contract';
import { listContracts } from '../services/contracts/list-contracts';
import { createFromTemplate } from '../services/templates/create-from-template';
import { getTemplate } from '../services/templates/get-template';
import { resourceErrors } from './error-responses';

export const templateRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const tags = ['Templates'];

  app.get(
    '/templates',
    {
      schema: {
        tags,
        summary: 'List templates, newest updated first',
        querystring: listTemplatesQuerySchema,
        response: { 200: contractPageSchema, ...resourceErrors },
      },
    },
    async (request) => listContracts(db, actorOf(request), { ...request.query, template: true }),
  );

  app.get(
    '/templates/:id',
    {
      schema: {
        tags,
        summary: "Read a template (TEMPLATE_NOT_FOUND for a contract or another organization's id)",
        params: idParamsSchema,
        response: { 200: contractSchema, ...resourceErrors },
      },
    },
    async (request) => getTemplate(db, actorOf(request), request.params.id),
  );

  app.post(
    '/templates/:id/contracts',
    {
      schema: {
        tags,
        summary: 'Create a draft contract from a template, in a chosen project',
        params: idParamsSchema,
        body: createFromTemplateBodySchema,
        response: { 200: contractSchema, 201: contractSchema, ...resourceErrors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { id, created } = await createFromTemplate(db, actor, request.params.id, request.body);
      return reply.status(created ? 201 : 200).send(await getContract(db, actor, id));
    },
  );
};
