import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { deadlinesApi } from '../../shared/routes/deadlines';
import type { AppDeps } from '../deps';
import { contextOf } from '../plugins/authentication';
import { calendarFeed } from '../services/deadlines/calendar-feed';
import {
  getDeadlinePreferences,
  makeCalendarFeed,
  revokeCalendarFeed,
  updateDeadlinePreferences,
} from '../services/deadlines/deadline-preferences';
import { deadlineSummary, listDeadlines } from '../services/deadlines/list-deadlines';
import { isWatching, setWatching } from '../services/deadlines/watch-contract';
import { registerRoute } from './register-route';
import { sendFile } from './send-file';

export const deadlineRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, appUrl }) => {
  registerRoute(app, deadlinesApi.list, {}, async (request) =>
    listDeadlines(contextOf(request), request.query),
  );
  registerRoute(app, deadlinesApi.summary, {}, async (request) => deadlineSummary(contextOf(request)));
  registerRoute(app, deadlinesApi.preferences, {}, async (request) =>
    getDeadlinePreferences(contextOf(request)),
  );
  registerRoute(app, deadlinesApi.updatePreferences, {}, async (request) =>
    updateDeadlinePreferences(contextOf(request), request.body),
  );
  registerRoute(app, deadlinesApi.makeFeed, {}, async (request, reply) =>
    reply
      .status(201)
      .header('cache-control', 'no-store')
      .send(await makeCalendarFeed(contextOf(request), appUrl.href)),
  );
  registerRoute(app, deadlinesApi.revokeFeed, {}, async (request, reply) => {
    await revokeCalendarFeed(contextOf(request));
    return reply.status(204).send();
  });
  // A calendar application fetches it with no session: the secret address is the key.
  registerRoute(app, deadlinesApi.feed, { config: { public: true } }, async (request, reply) => {
    const ics = await calendarFeed(db, request.params.file, appUrl);
    return sendFile(
      reply.header('x-robots-tag', 'noindex'),
      {
        bytes: Buffer.from(ics),
        fileName: 'pactum-deadlines.ics',
        contentType: 'text/calendar; charset=utf-8',
      },
      'inline',
    );
  });
  registerRoute(app, deadlinesApi.watching, {}, async (request) => ({
    watching: await isWatching(contextOf(request), request.params.id),
  }));
  registerRoute(app, deadlinesApi.watch, {}, async (request) => ({
    watching: await setWatching(contextOf(request), request.params.id, request.body.watching),
  }));
};
