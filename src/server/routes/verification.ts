import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../shared/errors';
import { verificationApi } from '../../shared/routes/verification';
import type { AppDeps } from '../deps';
import { registerFileBody } from '../plugins/file-body';
import { tooManyAttempts } from '../services/accounts/sign-in';
import { verifyDocument } from '../services/documents/verify-document';
import { consumeRateLimit } from '../services/rate-limits/consume-rate-limit';
import { certificateFile } from '../services/sealing/certificate-file';
import { registerRoute } from './register-route';
import { sendFile } from './send-file';

const maxPdfBytes = 25 * 1024 * 1024;
/**
 * PDFs received or checked at once by this process (at most this many × 25 MB in memory), and
 * from one address: one address alone cannot take every place with uploads it never finishes.
 */
const maxConcurrentVerifications = 8;
const maxConcurrentPerAddress = 1;

/** Public: anyone may ask whether a PDF is one this instance sealed, unchanged. */
export const verificationRoutes: FastifyPluginAsyncZod<AppDeps> = async (
  app,
  { db, pdf, instanceCertificate, accountLimits },
) => {
  registerFileBody(app, 'application/pdf', maxPdfBytes);
  // The instance's certificate alone: public by nature, so anyone checking a seal can trust it in
  // a validator of their own. An organization's own certificate downloads only from its Settings.
  registerRoute(
    app,
    verificationApi.instanceCertificate,
    { config: { public: true } },
    async (request, reply) =>
      sendFile(
        reply,
        certificateFile(
          instanceCertificate.certificatePem,
          instanceCertificate.fingerprintSha256,
          request.params.format,
        ),
      ),
  );
  const inFlight = new Map<string, string>();
  const release = async (request: { id: string }) => {
    inFlight.delete(request.id);
  };
  registerRoute(
    app,
    verificationApi.verify,
    {
      config: { public: true },
      // Counted before the body is read: an address over its limit does not get to upload 25 MB.
      onRequest: async (request) => {
        // Only a PDF is read, by the parser above with its own cap: any other type (JSON, whose
        // parse runs on the event loop) is refused before a byte of it is read.
        const type = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
        if (type !== 'application/pdf') {
          throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the PDF file as application/pdf');
        }
        const wait = await consumeRateLimit(
          db,
          `verify:address:${request.ip ?? 'unknown'}`,
          accountLimits.verificationsPerAddress,
        );
        if (wait > 0) throw tooManyAttempts(wait);
        // Slow uploads from many addresses would otherwise hold 25 MB each for as long as they like.
        const address = request.ip ?? 'unknown';
        const fromAddress = [...inFlight.values()].filter((from) => from === address).length;
        if (inFlight.size >= maxConcurrentVerifications || fromAddress >= maxConcurrentPerAddress) {
          throw new AppError(
            'RATE_LIMITED',
            'Many documents are being verified right now. Try again in a few seconds.',
            undefined,
            5,
          );
        }
        inFlight.set(request.id, address);
      },
      onResponse: release,
      onRequestAbort: release,
    },
    async (request) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) {
        throw new AppError('INVALID_INPUT', 'Send the PDF file as the request body');
      }
      return verifyDocument({ db, pdf }, body, instanceCertificate.fingerprintSha256);
    },
  );
};
