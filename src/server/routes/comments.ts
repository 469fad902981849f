import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { commentsApi } from '../../shared/routes/comments';
import type { AppDeps } from '../deps';
import { contextOf } from '../plugins/authentication';
import { createThread } from '../services/comments/create-thread';
import { getThread, listThreads } from '../services/comments/list-threads';
import { replyToThread } from '../services/comments/reply-to-thread';
import { setThreadResolved } from '../services/comments/resolve-thread';
import { registerRoute } from './register-route';

export const commentRoutes: FastifyPluginAsyncZod<AppDeps> = async (app) => {
  registerRoute(app, commentsApi.list, {}, async (request) =>
    listThreads(contextOf(request), request.params.id),
  );

  registerRoute(app, commentsApi.create, {}, async (request, reply) => {
    const ctx = contextOf(request);
    const { id } = await createThread(ctx, request.params.id, request.body);
    return reply.status(201).send(await getThread(ctx, request.params.id, id));
  });

  registerRoute(app, commentsApi.reply, {}, async (request, reply) => {
    const ctx = contextOf(request);
    const { id: contractId, threadId } = request.params;
    await replyToThread(ctx, contractId, threadId, request.body);
    return reply.status(201).send(await getThread(ctx, contractId, threadId));
  });

  registerRoute(app, commentsApi.resolve, {}, async (request) => {
    const ctx = contextOf(request);
    const { id: contractId, threadId } = request.params;
    await setThreadResolved(ctx, contractId, threadId, true);
    return getThread(ctx, contractId, threadId);
  });

  registerRoute(app, commentsApi.reopen, {}, async (request) => {
    const ctx = contextOf(request);
    const { id: contractId, threadId } = request.params;
    await setThreadResolved(ctx, contractId, threadId, false);
    return getThread(ctx, contractId, threadId);
  });
};
