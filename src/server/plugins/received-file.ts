import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors';
import type { ReceivedFile } from '../uploads/file-store';

/** The slowest a body may arrive: `bytesPerSecond` on average from its start, once `graceMs` have passed. */
export type MinimumRate = { bytesPerSecond: number; graceMs: number };

/**
 * Takes uploads of `contentType` into a temporary file of `dir` as they arrive, hashing them on the
 * way, up to `maxBytes` (refused with `tooLarge` as soon as they pass it, or at once when the
 * declared length does). Nothing is held in memory beyond the stream's own chunks, so a 50 MB
 * upload costs the server a file, not 50 MB of heap; the route's body is the ReceivedFile.
 * A body slower than `minimumRate` is cut with `tooSlow` (408): an upload holds one of the
 * route's places while it arrives, and a trickle would hold it for the whole request timeout.
 * A body cut short is answered with the connection closed, so the rest of it is never read.
 */
export function registerReceivedFile(
  app: FastifyInstance,
  options: {
    contentType: string;
    maxBytes: number;
    dir: string;
    tooLarge: string;
    minimumRate: MinimumRate;
    tooSlow: string;
  },
): void {
  const { contentType, maxBytes, dir, tooLarge, minimumRate, tooSlow } = options;
  const received = new WeakMap<FastifyRequest, string>();
  const cut = new WeakSet<FastifyRequest>();
  const removeReceived = async (request: FastifyRequest) => {
    const path = received.get(request);
    if (path) await rm(path, { force: true });
  };
  // Answered, or abandoned by the client half way: the temporary file goes either way.
  app.addHook('onResponse', removeReceived);
  app.addHook('onRequestAbort', removeReceived);
  app.addHook('onSend', async (request, reply) => {
    if (cut.has(request)) reply.header('connection', 'close');
  });
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
    const startedAt = performance.now();
    const finish = (error: AppError | null, body?: ReceivedFile) => {
      if (finished) return;
      finished = true;
      clearInterval(rateCheck);
      if (error) {
        cut.add(request);
        payload.unpipe();
        payload.resume();
        file.destroy();
      }
      done(error, body);
    };
    // A timer, not the chunks: a body that stops sending has no chunk to look at.
    const rateCheck = setInterval(
      () => {
        const elapsed = performance.now() - startedAt;
        if (elapsed >= minimumRate.graceMs && size < (minimumRate.bytesPerSecond * elapsed) / 1000) {
          finish(new AppError('UPLOAD_TOO_SLOW', tooSlow));
        }
      },
      Math.max(10, Math.min(1000, minimumRate.graceMs)),
    );
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return finish(new AppError('PAYLOAD_TOO_LARGE', tooLarge));
      hash.update(chunk);
    });
    payload.on('end', () => clearInterval(rateCheck));
    payload.on('error', () => finish(new AppError('INVALID_INPUT', 'The upload was cut short')));
    payload.on('close', () => {
      if (!payload.readableEnded) finish(new AppError('INVALID_INPUT', 'The upload was cut short'));
      clearInterval(rateCheck);
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
