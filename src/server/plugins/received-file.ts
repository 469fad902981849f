import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors';
import type { ReceivedFile } from '../uploads/file-store';

/**
 * Takes uploads of `contentType` into a temporary file of `dir` as they arrive, hashing them on the
 * way, up to `maxBytes` (refused with `tooLarge` as soon as they pass it, or at once when the
 * declared length does). Nothing is held in memory beyond the stream's own chunks, so a 50 MB
 * upload costs the server a file, not 50 MB of heap; the route's body is the ReceivedFile.
 */
export function registerReceivedFile(
  app: FastifyInstance,
  options: { contentType: string; maxBytes: number; dir: string; tooLarge: string },
): void {
  const { contentType, maxBytes, dir, tooLarge } = options;
  const received = new WeakMap<FastifyRequest, string>();
  const removeReceived = async (request: FastifyRequest) => {
    const path = received.get(request);
    if (path) await rm(path, { force: true });
  };
  // Answered, or abandoned by the client half way: the temporary file goes either way.
  app.addHook('onResponse', removeReceived);
  app.addHook('onRequestAbort', removeReceived);
  app.addContentTypeParser(contentType, (request, payload, done) => {
    if (Number(request.headers['content-length']) > maxBytes) {
      return done(new AppError('PAYLOAD_TOO_LARGE', tooLarge), undefined);
    }
    const path = join(dir, `${randomUUID()}.upload`);
    received.set(request, path);
    const hash = createHash('sha256');
    const file = createWriteStream(path);
    let size = 0;
    let finished = false;
    const finish = (error: AppError | null, body?: ReceivedFile) => {
      if (finished) return;
      finished = true;
      if (error) {
        payload.unpipe();
        payload.resume();
        file.destroy();
      }
      done(error, body);
    };
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return finish(new AppError('PAYLOAD_TOO_LARGE', tooLarge));
      hash.update(chunk);
    });
    payload.on('error', () => finish(new AppError('INVALID_INPUT', 'The upload was cut short')));
    payload.on('close', () => {
      if (!payload.readableEnded) finish(new AppError('INVALID_INPUT', 'The upload was cut short'));
    });
    file.on('error', () => finish(new AppError('INTERNAL', 'The upload could not be kept. Try again.')));
    file.on('finish', () => finish(null, { path, sha256: hash.digest('hex'), size }));
    payload.pipe(file);
  });
}

/** The route's body as a received file, or the reason there is none. */
export function receivedFileOf(body: unknown, missing: string): ReceivedFile {
  const file = body as ReceivedFile | undefined;
  if (!file || typeof file.path !== 'string' || file.size === 0) throw new AppError('INVALID_INPUT', missing);
  return file;
}
