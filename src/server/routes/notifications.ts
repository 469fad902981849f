import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notificationsApi } from '../../shared/routes/notifications';
import type { AppDeps } from '../deps';
import { actorOf, contextOf } from '../plugins/authentication';
import { listNotifications, markNotificationsRead } from '../services/notifications/list-notifications';
import { NotificationStreams } from '../streams/notification-streams';
import { registerRoute } from './register-route';

export const notificationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  // One LISTEN for every stream of this process; they cost no query while nothing happens.
  const streams = new NotificationStreams({ db, log: app.log });
  app.addHook('onClose', () => streams.close());

  registerRoute(app, notificationsApi.list, {}, async (request) => listNotifications(contextOf(request)));

  registerRoute(app, notificationsApi.markRead, {}, async (request, reply) => {
    await markNotificationsRead(contextOf(request), request.body.ids);
    return reply.status(204).send();
  });

  registerRoute(app, notificationsApi.stream, {}, async (request, reply) => {
    reply.hijack();
    await streams.open(actorOf(request), reply.raw);
  });
};
