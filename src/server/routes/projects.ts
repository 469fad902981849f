import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { projectsApi } from '../../shared/routes/projects';
import type { AppDeps } from '../deps';
import { contextOf } from '../plugins/authentication';
import { createProject } from '../services/projects/create-project';
import { deleteProject } from '../services/projects/delete-project';
import { getProject } from '../services/projects/get-project';
import { listProjects } from '../services/projects/list-projects';
import { updateProject } from '../services/projects/update-project';
import { registerRoute } from './register-route';

export const projectRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  registerRoute(app, projectsApi.list, {}, async (request) => ({
    items: await listProjects(contextOf(request)),
  }));

  registerRoute(app, projectsApi.create, {}, async (request, reply) => {
    const ctx = contextOf(request);
    const { id, created } = await createProject(ctx, request.body);
    return reply.status(created ? 201 : 200).send(await getProject(ctx, id));
  });

  registerRoute(app, projectsApi.get, {}, async (request) =>
    getProject(contextOf(request), request.params.id),
  );

  registerRoute(app, projectsApi.update, {}, async (request) => {
    const ctx = contextOf(request);
    await updateProject(ctx, request.params.id, request.body);
    return getProject(ctx, request.params.id);
  });

  registerRoute(app, projectsApi.remove, {}, async (request, reply) => {
    await deleteProject(contextOf(request), request.params.id);
    return reply.status(204).send();
  });
};
