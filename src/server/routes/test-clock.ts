import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { testClockApi } from '../../shared/routes/test-clock';
import { advanceClock, now } from '../clock';
import type { AppDeps } from '../deps';
import { runSweeps } from '../jobs/background-work';
import { registerRoute } from './register-route';

const dayMs = 86_400_000;

/**
 * CLOCK_CONTROL only (app.ts registers it then, and env.ts refuses it in production): moves the
 * clock every time-window rule reads, then runs the sweeps once, so reminders, renewals and
 * expiries due at the new time are done when it answers. Anyone who can reach the server could
 * call it, which is why it exists only in test runs.
 */
export const testClockRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  registerRoute(app, testClockApi.advance, { config: { public: true } }, async (request) => {
    advanceClock(request.body.advanceDays * dayMs);
    await runSweeps(db);
    return { now: now().toISOString() };
  });
};
