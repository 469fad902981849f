import { z } from 'zod';
import { errorBodySchema } from '../api/error-body';
import { defineRoute } from './route-contract';

/**
 * Served only when CLOCK_CONTROL is on (never in production): end-to-end tests move the server's
 * clock instead of waiting for days to pass. It is not part of `apiRoutes`, so neither the
 * OpenAPI document nor the web client knows it.
 */
export const testClockApi = {
  advance: defineRoute({
    method: 'POST',
    path: '/test-clock',
    tags: ['Test clock'],
    summary: "Moves the server's clock on by whole days, then runs the background sweeps once",
    body: z
      .object({
        advanceDays: z
          .number()
          .int({ error: 'advanceDays must be a whole number' })
          .min(0, { error: 'advanceDays cannot be negative' })
          .max(3650, { error: 'advanceDays must be at most 3650' }),
      })
      .strict(),
    response: {
      200: z.object({ now: z.iso.datetime().describe("The server's time after the move") }),
      400: errorBodySchema,
    },
  }),
};
