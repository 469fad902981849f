import { z } from 'zod';
import { errorBodySchema } from '../api/error-body';
import { defineRoute } from './route-contract';

export const healthApi = {
  health: defineRoute({
    method: 'GET',
    path: '/health',
    tags: ['Health'],
    summary: '200 when the database answers, 503 otherwise',
    response: { 200: z.object({ status: z.literal('ok') }), 503: errorBodySchema },
  }),
};
