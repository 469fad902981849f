import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, noContentSchema } from '../../shared/api/common';
import {
  createProjectBodySchema,
  projectListSchema,
  projectSchema,
  updateProjectBodySchema,
} from '../../shared/api/projects';
import type { AppDeps } from '../deps';
import { actorOf } from '../plugins/authentication';
import { createProject } from '../services/projects/create-project';
import { deleteProject } from '../services/projects/delete-project';
import { getProject } from '../services/projects/get-project';
import { listProjects } from '../services/projects/list-projects';
import { updateProject } from '../services/projects/update-project';
import { resourceErrors } from './error-responses';

export const projectRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const tags = ['Projects'];

  app.get(
    '/projects',
    {
      schema: {
        tags,
        summary: "The organization's projects",
        response: { 200: projectListSchema, ...resourceErrors },
      },
    },
    async (request) => ({ items: await listProjects(db, actorOf(request)) }),
  );

  app.post(
    '/projects',
    {
      schema: {
        tags,
        summary: 'Create a project (it starts with no contracts)',
        body: createProjectBodySchema,
        response: { 200: projectSchema, 201: projectSchema, ...resourceErrors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { id, created } = await createProject(db, actor, request.body);
      return reply.status(created ? 201 : 200).send(await getProject(db, actor, id));
    },
  );

  app.get(
    '/projects/:id',
    {
      schema: {
        tags,
        summary: 'A project with its status counts and contracts',
        params: idParamsSchema,
        response: { 200: projectSchema, ...resourceErrors },
      },
    },
    async (request) => getProject(db, actorOf(request), request.params.id),
  );

  app.patch(
    '/projects/:id',
    {
      schema: {
        tags,
        summary: 'Merge fields into a project',
        params: idParamsSchema,
        body: updateProjectBodySchema,
        response: { 200: projectSchema, ...resourceErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await updateProject(db, actor, request.params.id, request.body);
      return getProject(db, actor, request.params.id);
    },
  );

  app.delete(
    '/projects/:id',
    {
      schema: {
        tags,
        summary: 'Delete an empty project',
        params: idParamsSchema,
        response: { 204: noContentSchema, ...resourceErrors },
      },
    },
    async (request, reply) => {
      await deleteProject(db, actorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
