import { errorBodySchema } from '../api/error-body';
import { verificationSchema } from '../api/signing';
import { defineRoute } from './route-contract';

export const verificationApi = {
  verify: defineRoute({
    method: 'POST',
    path: '/verify',
    tags: ['Verification'],
    summary: 'Check a PDF (sent as application/pdf): sealed by this instance and unchanged?',
    response: {
      200: verificationSchema,
      400: errorBodySchema,
      413: errorBodySchema,
      415: errorBodySchema,
      429: errorBodySchema,
    },
  }),
};
