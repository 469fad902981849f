import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webhooksApi } from '../../shared/routes/webhooks';
import type { AppDeps } from '../deps';
import { contextOf } from '../plugins/authentication';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookEndpoints,
  revealWebhookSecret,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from '../services/webhooks/manage-webhook-endpoints';
import { listWebhookDeliveries, resendWebhookDelivery } from '../services/webhooks/webhook-deliveries';
import { registerRoute } from './register-route';

export const webhookRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  registerRoute(app, webhooksApi.list, {}, async (request) => listWebhookEndpoints(contextOf(request)));

  registerRoute(app, webhooksApi.create, {}, async (request, reply) =>
    reply.status(201).send(await createWebhookEndpoint(contextOf(request), request.body)),
  );

  registerRoute(app, webhooksApi.update, {}, async (request) =>
    updateWebhookEndpoint(contextOf(request), request.params.id, request.body),
  );

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

  registerRoute(app, webhooksApi.resend, {}, async (request, reply) =>
    reply
      .status(202)
      .send(await resendWebhookDelivery(contextOf(request), request.params.id, request.params.deliveryId)),
  );
};
