import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { templatesApi } from '../../shared/routes/templates';
import type { AppDeps } from '../deps';
import { contextOf } from '../plugins/authentication';
import { getContract } from '../services/contracts/get-contract';
import { listContracts } from '../services/contracts/list-contracts';
import { createFromTemplate } from '../services/templates/create-from-template';
import { getTemplate } from '../services/templates/get-template';
import { registerRoute } from './register-route';

export const templateRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  registerRoute(app, templatesApi.list, {}, async (request) =>
    listContracts(contextOf(request), { ...request.query, template: true }),
  );

  registerRoute(app, templatesApi.get, {}, async (request) =>
    getTemplate(contextOf(request), request.params.id),
  );

  registerRoute(app, templatesApi.createContract, {}, async (request, reply) => {
    const ctx = contextOf(request);
    const { id, created } = await createFromTemplate(ctx, request.params.id, request.body);
    return reply.status(created ? 201 : 200).send(await getContract(ctx, id));
  });
};
