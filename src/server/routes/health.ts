import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthApi } from '../../shared/routes/health';
import type { AppDeps } from '../deps';
import { registerRoute } from './register-route';

export const healthRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { ping }) => {
  registerRoute(
    app,
    healthApi.health,
    {
      config: { public: true },
    },
    async () => {
      await ping();
      return { status: 'ok' as const };
    },
  );
};
