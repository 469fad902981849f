import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { webhooksApi } from '../../shared/routes/webhooks';
import type { AppDeps } from '../deps';
import { actorOf } from '../plugins/authentication';
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

export const webhookRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps;
  const secret = deps.config.sessionSecret;
  const settings = { secret, allowPrivate: deps.webhooksAllowPrivate ?? false };

  registerRoute(app, webhooksApi.list, {}, async (request) => listWebhookEndpoints(db, actorOf(request)));

  registerRoute(app, webhooksApi.create, {}, async (request, reply) =>
    reply.status(201).send(await createWebhookEndpoint(db, actorOf(request), request.body, settings)),
  );

  registerRoute(app, webhooksApi.update, {}, async (request) =>
    updateWebhookEndpoint(db, actorOf(request), request.params.id, request.body, settings),
  );

  registerRoute(app, webhooksApi.remove, {}, async (request, reply) => {
    await deleteWebhookEndpoint(db, actorOf(request), request.params.id);
    return reply.status(204).send();
  });

  registerRoute(app, webhooksApi.secret, {}, async (request) =>
    revealWebhookSecret(db, actorOf(request), request.params.id, secret),
  );

  registerRoute(app, webhooksApi.rotateSecret, {}, async (request) =>
    rotateWebhookSecret(db, actorOf(request), request.params.id, secret),
  );

  registerRoute(app, webhooksApi.deliveries, {}, async (request) =>
    listWebhookDeliveries(db, actorOf(request), request.params.id, request.query),
  );

  registerRoute(app, webhooksApi.resend, {}, async (request, reply) =>
    reply
      .status(202)
      .send(await resendWebhookDelivery(db, actorOf(request), request.params.id, request.params.deliveryId)),
  );
};
