import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/errors';

/** Received before the declared length is trusted enough to allocate it. */
const allocateAfterBytes = 1024 * 1024;

/**
 * Takes a file upload of `contentType` as one Buffer of at most `maxBytes`. When the request
 * says its length, the Buffer is allocated once (after the first megabyte has really arrived,
 * so headers alone reserve nothing) and each chunk copied in as it arrives: the event loop never
 * does one 25 MB copy at the end (20 ms), and the Buffer owns its memory, so it can be moved to a
 * worker thread rather than copied again.
 */
export function registerFileBody(app: FastifyInstance, contentType: string, maxBytes: number): void {
  // The refusal names the bound, so the sender knows how far to shrink the file.
  const tooLarge = () =>
    new AppError('PAYLOAD_TOO_LARGE', `The file is larger than ${megabytes(maxBytes)} MB`);
  app.addContentTypeParser(contentType, (request, payload, done) => {
    const declared = Number(request.headers['content-length']);
    if (declared > maxBytes) return done(tooLarge(), undefined);
    const known = Number.isInteger(declared) && declared > 0;
    let whole: Buffer | null = null;
    let chunks: Buffer[] = [];
    let received = 0;
    let failed = false;
    const fail = (error: AppError) => {
      if (failed) return;
      failed = true;
      payload.removeAllListeners('data');
      payload.resume();
      done(error, undefined);
    };
    payload.on('data', (chunk: Buffer) => {
      if (received + chunk.length > (whole ? declared : maxBytes)) {
        return fail(tooLarge());
      }
      if (whole) chunk.copy(whole, received);
      else chunks.push(chunk);
      received += chunk.length;
      if (!whole && known && received >= allocateAfterBytes) {
        whole = Buffer.allocUnsafeSlow(declared);
        Buffer.concat(chunks, received).copy(whole);
        chunks = [];
      }
    });
    payload.on('end', () => {
      if (failed) return;
      if (whole && received !== declared)
        return fail(new AppError('INVALID_INPUT', 'The upload was cut short'));
      done(null, whole ?? Buffer.concat(chunks, received));
    });
    payload.on('error', () => fail(new AppError('INVALID_INPUT', 'The upload was cut short')));
  });
}

/** A bound in MB (of 1,048,576 bytes), as a person reads it: 10, or 2.5. */
const megabytes = (bytes: number) => String(Math.round((bytes / (1024 * 1024)) * 10) / 10);
