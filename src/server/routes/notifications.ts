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
import { findSessionActor } from '../services/sessions/find-session-actor';
import { sessionCookieName } from '../services/sessions/session-token';
import { resourceErrors } from './error-responses';

/** How often the live stream looks for new notifications (any process may have made them). */
const streamPollMs = 2000;
/** Open streams per person in this process (a tab each); opening one more closes the oldest. */
export const maxStreamsPerUser = 5;

export const notificationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, smtp, config }) => {
  const openStreams = new Map<string, Set<() => void>>();
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
      const token = request.cookies[sessionCookieName] ?? '';
      const streams = openStreams.get(actor.userId) ?? new Set<() => void>();
      openStreams.set(actor.userId, streams);
      if (streams.size >= maxStreamsPerUser) streams.values().next().value?.();
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
      const end = () => {
        clearInterval(timer);
        streams.delete(end);
        if (streams.size === 0) openStreams.delete(actor.userId);
        out.end();
      };
      streams.add(end);
      const timer = setInterval(async () => {
        if (busy) return;
        busy = true;
        try {
          // Signed out, session ended elsewhere, or removed from the organization: the stream ends too.
          const still = await findSessionActor(db, {
            secret: config.sessionSecret,
            token,
            ip: actor.ip,
            userAgent: actor.userAgent,
          });
          if (still?.sessionId !== actor.sessionId) return end();
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
      request.raw.on('close', end);
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
