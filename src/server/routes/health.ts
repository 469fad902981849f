import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../shared/api/error-body';
import type { AppDeps } from '../deps';

export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { ping }) => {
  app.get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['Health'],
        summary: '200 when the database answers, 503 otherwise',
        response: { 200: z.object({ status: z.literal('ok') }), 503: errorBodySchema },
      },
    },
    async () => {
      await ping();
      return { status: 'ok' as const };
    },
  );
};
