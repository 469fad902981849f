import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../shared/api/error-body';
import { verificationSchema } from '../../shared/api/signing';
import { AppError } from '../../shared/errors';
import type { AppDeps } from '../deps';
import { verifyDocument } from '../services/documents/verify-document';

const maxPdfBytes = 25 * 1024 * 1024;

/** Public: anyone may ask whether a PDF is one this instance sealed, unchanged. */
export const verificationRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { db, instanceCertificate },
) => {
  app.addContentTypeParser(
    'application/pdf',
    { parseAs: 'buffer', bodyLimit: maxPdfBytes },
    (_request, body, done) => done(null, body),
  );
  app.post(
    '/verify',
    {
      config: { public: true },
      bodyLimit: maxPdfBytes,
      schema: {
        tags: ['Verification'],
        summary: 'Check a PDF (sent as application/pdf): sealed by this instance and unchanged?',
        response: {
          200: verificationSchema,
          400: errorBodySchema,
          413: errorBodySchema,
          415: errorBodySchema,
        },
      },
    },
    async (request) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) {
        throw new AppError('INVALID_INPUT', 'Send the PDF file as the request body');
      }
      return verifyDocument(db, body, instanceCertificate.fingerprintSha256);
    },
  );
};
