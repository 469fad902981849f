import { idParamsSchema, noContentSchema, pageQuerySchema } from '../api/common';
import { errorBodySchema } from '../api/error-body';
import {
  createWebhookBodySchema,
  updateWebhookBodySchema,
  webhookDeliveryPageSchema,
  webhookDeliveryParamsSchema,
  webhookDeliverySchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookSecretSchema,
} from '../api/webhooks';
import { defineRoute } from './route-contract';

const tags = ['Webhooks'];

const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema };

/** Admins only; API tokens never reach these (see plugins/api-token-access.ts). */
export const webhooksApi = {
  list: defineRoute({
    method: 'GET',
    path: '/webhooks',
    tags,
    summary: "The organization's webhook endpoints, newest first (admins)",
    response: { 200: webhookEndpointListSchema, ...errors },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/webhooks',
    tags,
    summary: 'Register an endpoint (admins): an https:// URL on a public address',
    body: createWebhookBodySchema,
    response: { 201: webhookEndpointSchema, ...errors },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/webhooks/:id',
    tags,
    summary: 'Change the URL or the events, or turn the endpoint off or back on (admins)',
    params: idParamsSchema,
    body: updateWebhookBodySchema,
    response: { 200: webhookEndpointSchema, ...errors },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/webhooks/:id',
    tags,
    summary: 'Delete an endpoint and its deliveries (admins)',
    params: idParamsSchema,
    response: { 204: noContentSchema, ...errors },
  }),
  secret: defineRoute({
    method: 'GET',
    path: '/webhooks/:id/secret',
    tags,
    summary: "The endpoint's signing key, to verify webhook-signature with (admins)",
    params: idParamsSchema,
    response: { 200: webhookSecretSchema, ...errors },
  }),
  rotateSecret: defineRoute({
    method: 'POST',
    path: '/webhooks/:id/secret',
    tags,
    summary: 'Replace the signing key; attempts from now on are signed with the new one (admins)',
    params: idParamsSchema,
    response: { 200: webhookSecretSchema, ...errors },
  }),
  deliveries: defineRoute({
    method: 'GET',
    path: '/webhooks/:id/deliveries',
    tags,
    summary: "The endpoint's deliveries, newest first (admins)",
    params: idParamsSchema,
    query: pageQuerySchema,
    response: { 200: webhookDeliveryPageSchema, ...errors },
  }),
  resend: defineRoute({
    method: 'POST',
    path: '/webhooks/:id/deliveries/:deliveryId/resend',
    tags,
    summary: 'Queue one more attempt of a delivery, with the same webhook-id (admins)',
    params: webhookDeliveryParamsSchema,
    response: { 202: webhookDeliverySchema, ...errors },
  }),
};
