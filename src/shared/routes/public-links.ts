import { idParamsSchema, pageQuerySchema } from '../api/common';
import { errorBodySchema } from '../api/error-body';
import {
  confirmPublicLinkBodySchema,
  createPublicLinkBodySchema,
  publicLinkListSchema,
  publicLinkPageSchema,
  publicLinkSchema,
  publicLinkStepSchema,
  publicLinkSubmissionPageSchema,
  publicLinkTokenParamsSchema,
  startPublicLinkBodySchema,
  updatePublicLinkBodySchema,
} from '../api/public-links';
import { resourceErrors } from './error-responses';
import { defineRoute } from './route-contract';

const tags = ['Public links'];
const visitorErrors = {
  400: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
  410: errorBodySchema,
  429: errorBodySchema,
};

export const publicLinksApi = {
  create: defineRoute({
    method: 'POST',
    path: '/templates/:id/public-links',
    tags,
    summary:
      'Publish a template at a link anyone may open: each visitor takes one role, and each submission becomes a contract countersigned by the other roles',
    params: idParamsSchema,
    body: createPublicLinkBodySchema,
    response: { 201: publicLinkSchema, ...resourceErrors },
  }),
  listForTemplate: defineRoute({
    method: 'GET',
    path: '/templates/:id/public-links',
    tags,
    summary: "A template's public links, newest first",
    params: idParamsSchema,
    response: { 200: publicLinkListSchema, ...resourceErrors },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/public-links/:id',
    tags,
    summary: 'A public link: its settings, its state and how many submissions it took',
    params: idParamsSchema,
    response: { 200: publicLinkSchema, ...resourceErrors },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/public-links/:id',
    tags,
    summary: 'Change a public link, or turn it off (or on again)',
    params: idParamsSchema,
    body: updatePublicLinkBodySchema,
    response: { 200: publicLinkSchema, ...resourceErrors },
  }),
  submissions: defineRoute({
    method: 'GET',
    path: '/public-links/:id/submissions',
    tags,
    summary: "A public link's submissions, newest first, each with its contract's status",
    params: idParamsSchema,
    query: pageQuerySchema,
    response: { 200: publicLinkSubmissionPageSchema, ...resourceErrors },
  }),
  page: defineRoute({
    method: 'GET',
    path: '/public-signing/:token',
    tags,
    summary: "A public link's page, for its visitor: whose it is, what is signed, whether a code is e-mailed",
    params: publicLinkTokenParamsSchema,
    response: { 200: publicLinkPageSchema, ...visitorErrors },
  }),
  start: defineRoute({
    method: 'POST',
    path: '/public-signing/:token/start',
    tags,
    summary:
      "The visitor's name and address: a code is e-mailed to confirm it (when the link asks), or the contract is made and its signing page answered",
    params: publicLinkTokenParamsSchema,
    body: startPublicLinkBodySchema,
    response: { 200: publicLinkStepSchema, ...visitorErrors },
  }),
  confirm: defineRoute({
    method: 'POST',
    path: '/public-signing/:token/confirm',
    tags,
    summary:
      "The e-mailed code: the visitor's address is confirmed, the contract is made and its signing page answered",
    params: publicLinkTokenParamsSchema,
    body: confirmPublicLinkBodySchema,
    response: { 200: publicLinkStepSchema, ...visitorErrors },
  }),
};
