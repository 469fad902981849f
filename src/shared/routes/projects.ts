import { idParamsSchema, noContentSchema } from '../api/common';
import {
  createProjectBodySchema,
  projectListSchema,
  projectSchema,
  updateProjectBodySchema,
} from '../api/projects';
import { resourceErrors } from './error-responses';
import { defineRoute } from './route-contract';

const tags = ['Projects'];

export const projectsApi = {
  list: defineRoute({
    method: 'GET',
    path: '/projects',
    tags,
    summary: "The organization's projects",
    response: { 200: projectListSchema, ...resourceErrors },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/projects',
    tags,
    summary: 'Create a project (it starts with no contracts)',
    body: createProjectBodySchema,
    response: { 200: projectSchema, 201: projectSchema, ...resourceErrors },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/projects/:id',
    tags,
    summary: 'A project with its status counts and contracts',
    params: idParamsSchema,
    response: { 200: projectSchema, ...resourceErrors },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/projects/:id',
    tags,
    summary: 'Merge fields into a project',
    params: idParamsSchema,
    body: updateProjectBodySchema,
    response: { 200: projectSchema, ...resourceErrors },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/projects/:id',
    tags,
    summary: 'Delete an empty project',
    params: idParamsSchema,
    response: { 204: noContentSchema, ...resourceErrors },
  }),
};
