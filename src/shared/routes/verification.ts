import { errorBodySchema } from '../api/error-body';
import { certificateFormatParamsSchema } from '../api/settings';
import { verificationSchema } from '../api/signing';
import { defineRoute } from './route-contract';

export const verificationApi = {
  instanceCertificate: defineRoute({
    method: 'GET',
    path: '/verify/sealing-certificate/:format',
    tags: ['Verification'],
    summary:
      "Download this instance's public sealing certificate (.cer or .pem), to check its seals in a validator of your own",
    params: certificateFormatParamsSchema,
    response: { 400: errorBodySchema },
  }),
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
