import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, noContentSchema } from '../../shared/api/common';
import { outboxListSchema } from '../../shared/api/mail';
import { notificationListSchema } from '../../shared/api/notifications';
import type { AppDeps } from '../deps';
import { actorOf } from '../plugins/authentication';
import { listOutbox } from '../services/mail/list-outbox';
import {
  latestNotificationAt,
  listNotifications,
  markNotificationsRead,
} from '../services/notifications/list-notifications';
import { resourceErrors } from './error-responses';

/** How often the live stream looks for new notifications (any process may have made them). */
const streamPollMs = 2000;

export const notificationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, smtp }) => {
  const tags = ['Notifications'];

  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: 'The newest notifications and the unread count',
        response: { 200: notificationListSchema, ...resourceErrors },
      },
    },
    async (request) => listNotifications(db, actorOf(request)),
  );

  app.post(
    '/notifications/read',
    {
      schema: {
        tags,
        summary: 'Mark notifications read (all of them without ids)',
        body: z.object({ ids: z.array(idSchema).max(100).optional() }).default({}),
        response: { 204: noContentSchema, ...resourceErrors },
      },
    },
    async (request, reply) => {
      await markNotificationsRead(db, actorOf(request), request.body.ids);
      return reply.status(204).send();
    },
  );

  app.get(
    '/notifications/stream',
    { schema: { tags, summary: "Server-sent events: 'changed' whenever a notification arrives" } },
    async (request, reply) => {
      const actor = actorOf(request);
      reply.hijack();
      const out = reply.raw;
      out.writeHead(200, {
        'content-type': 'text/event-stream',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      out.write('retry: 5000\n\n');
      let last = await latestNotificationAt(db, actor);
      let busy = false;
      const timer = setInterval(async () => {
        if (busy) return;
        busy = true;
        try {
          const latest = await latestNotificationAt(db, actor);
          if (latest !== last) {
            last = latest;
            out.write(`event: changed\ndata: ${latest}\n\n`);
          } else out.write(': keep-alive\n\n');
        } catch {
          // The database is away for a moment; the next tick tries again.
        } finally {
          busy = false;
        }
      }, streamPollMs);
      request.raw.on('close', () => clearInterval(timer));
    },
  );

  app.get(
    '/mail/outbox',
    {
      schema: {
        tags: ['Mail'],
        summary: "The organization's outgoing mail (admins only)",
        response: { 200: outboxListSchema, 403: resourceErrors[401], ...resourceErrors },
      },
    },
    async (request) => listOutbox(db, actorOf(request), smtp),
  );
};
