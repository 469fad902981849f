import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { projectsApi } from '../../shared/routes/projects';
import type { AppDeps } from '../deps';
import { actorOf } from '../plugins/authentication';
import { createProject } from '../services/projects/create-project';
import { deleteProject } from '../services/projects/delete-project';
import { getProject } from '../services/projects/get-project';
import { listProjects } from '../services/projects/list-projects';
import { updateProject } from '../services/projects/update-project';
import { registerRoute } from './register-route';

export const projectRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  registerRoute(app, projectsApi.list, {}, async (request) => ({
    items: await listProjects(db, actorOf(request)),
  }));

  registerRoute(app, projectsApi.create, {}, async (request, reply) => {
    const actor = actorOf(request);
    const { id, created } = await createProject(db, actor, request.body);
    return reply.status(created ? 201 : 200).send(await getProject(db, actor, id));
  });

  registerRoute(app, projectsApi.get, {}, async (request) =>
    getProject(db, actorOf(request), request.params.id),
  );

  registerRoute(app, projectsApi.update, {}, async (request) => {
    const actor = actorOf(request);
    await updateProject(db, actor, request.params.id, request.body);
    return getProject(db, actor, request.params.id);
  });

  registerRoute(app, projectsApi.remove, {}, async (request, reply) => {
    await deleteProject(db, actorOf(request), request.params.id);
    return reply.status(204).send();
  });
};
