import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../shared/errors';
import type { ReceivedFile } from '../uploads/file-store';

/**
 * Bytes of a body gathered before they are written. Each write asks the file system's threads
 * from the request thread, and a 49 MB body arrives in thousands of chunks of 64 KB or less: in a
 * CPU profile of 49 MB uploads arriving three at a time, those writes were a tenth of the request
 * thread's time. Gathered, they are one write (writev) per half megabyte.
 */
const writeBatchBytes = 512 * 1024;

/** The slowest a body may arrive: `bytesPerSecond` on average from its start, once `graceMs` have passed. */
export type MinimumRate = { bytesPerSecond: number; graceMs: number };

/**
 * Takes uploads of `contentType` into a temporary file of `dir` as they arrive, up to `maxBytes` (refused with `tooLarge` as soon as they pass it, or at once when the
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
    const file = createWriteStream(path, { highWaterMark: writeBatchBytes * 2 });
    let size = 0;
    let batch: Buffer[] = [];
    let batched = 0;
    // The chunks gathered so far, in one write (a writev of them, not a copy).
    const flush = () => {
      if (batched === 0) return true;
      file.cork();
      let room = true;
      for (const chunk of batch) room = file.write(chunk);
      file.uncork();
      batch = [];
      batched = 0;
      return room;
    };
    let finished = false;
    const startedAt = performance.now();
    const finish = (error: AppError | null, body?: ReceivedFile) => {
      if (finished) return;
      finished = true;
      clearInterval(rateCheck);
      if (error) {
        cut.add(request);
        batch = [];
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
      if (finished) return;
      size += chunk.length;
      if (size > maxBytes) return finish(new AppError('PAYLOAD_TOO_LARGE', tooLarge));
      batch.push(chunk);
      batched += chunk.length;
      if (batched >= writeBatchBytes && !flush()) {
        payload.pause();
        file.once('drain', () => {
          if (!finished) payload.resume();
        });
      }
    });
    payload.on('end', () => {
      clearInterval(rateCheck);
      if (finished) return;
      flush();
      file.end();
    });
    payload.on('error', () => finish(new AppError('INVALID_INPUT', 'The upload was cut short')));
    payload.on('close', () => {
      if (!payload.readableEnded) finish(new AppError('INVALID_INPUT', 'The upload was cut short'));
      clearInterval(rateCheck);
    });
    file.on('error', () => finish(new AppError('INTERNAL', 'The upload could not be kept. Try again.')));
    // Hashed later, in the upload thread (services/contract-files/store-uploaded-pdf.ts), not here.
    file.on('finish', () => finish(null, { path, size }));
  });
}

/** The route's body as a received file, or the reason there is none. */
export function receivedFileOf(body: unknown, missing: string): ReceivedFile {
  const file = body as ReceivedFile | undefined;
  if (!file || typeof file.path !== 'string' || file.size === 0) throw new AppError('INVALID_INPUT', missing);
  return file;
}
