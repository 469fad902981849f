import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webhooksApi } from '../../shared/routes/webhooks';
import type { AppDeps } from '../deps';
import { contextOf } from '../plugins/authentication';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listWebhookEndpoints,
  revealWebhookSecret,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from '../services/webhooks/manage-webhook-endpoints';
import {
  getWebhookDelivery,
  listWebhookDeliveries,
  resendWebhookDelivery,
} from '../services/webhooks/webhook-deliveries';
import { registerRoute } from './register-route';

export const webhookRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  registerRoute(app, webhooksApi.list, {}, async (request) => listWebhookEndpoints(contextOf(request)));

  registerRoute(app, webhooksApi.create, {}, async (request, reply) => {
    const ctx = contextOf(request);
    const { id } = await createWebhookEndpoint(ctx, request.body);
    return reply.status(201).send(await getWebhookEndpoint(ctx, id));
  });

  registerRoute(app, webhooksApi.update, {}, async (request) => {
    const ctx = contextOf(request);
    await updateWebhookEndpoint(ctx, request.params.id, request.body);
    return getWebhookEndpoint(ctx, request.params.id);
  });

  registerRoute(app, webhooksApi.remove, {}, async (request, reply) => {
    await deleteWebhookEndpoint(contextOf(request), request.params.id);
    return reply.status(204).send();
  });

  registerRoute(app, webhooksApi.secret, {}, async (request) =>
    revealWebhookSecret(contextOf(request), request.params.id),
  );

  registerRoute(app, webhooksApi.rotateSecret, {}, async (request) =>
    rotateWebhookSecret(contextOf(request), request.params.id),
  );

  registerRoute(app, webhooksApi.deliveries, {}, async (request) =>
    listWebhookDeliveries(contextOf(request), request.params.id, request.query),
  );

  registerRoute(app, webhooksApi.resend, {}, async (request, reply) => {
    const ctx = contextOf(request);
    const { id, deliveryId } = request.params;
    await resendWebhookDelivery(ctx, id, deliveryId);
    return reply.status(202).send(await getWebhookDelivery(ctx, id, deliveryId));
  });
};
