import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { StoredFile } from '../uploads/file-store';
import { requestedRange } from './byte-ranges';

/** The Content-Disposition of a file: the name in ASCII, and exactly in UTF-8 for browsers that read it. */
function disposition(fileName: string, as: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'");
  return `${as}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Answers a generated file as a download (or `inline`, to be shown in the browser), never cached by shared caches. */
export function sendFile(
  reply: FastifyReply,
  file: { bytes: Uint8Array; fileName: string; contentType: string },
  as: 'attachment' | 'inline' = 'attachment',
) {
  return reply
    .header('content-type', file.contentType)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', disposition(file.fileName, as))
    .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}

/** Answers a file written while it is sent (an archive, an export) as a download, never cached by shared caches. */
export function sendStream(
  reply: FastifyReply,
  file: { stream: Readable; fileName: string; contentType: string },
) {
  return reply
    .header('content-type', file.contentType)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', disposition(file.fileName))
    .send(file.stream);
}

/**
 * Answers a stored file as a download, streamed from the file store (never held whole in memory).
 * A Range request gets that range (206), so pdf.js reads a 20 MB PDF's first page without waiting
 * for the whole file; a range past the end gets 416.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  file: StoredFile & { contentType: string },
) {
  const range = requestedRange(request.headers.range, file.byteSize);
  reply
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'private, no-store')
    .header('etag', `"${file.sha256}"`);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${file.byteSize}`).send();
  }
  reply.header('content-type', file.contentType).header('content-disposition', disposition(file.fileName));
  if (range) {
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${file.byteSize}`)
      .header('content-length', range.end - range.start + 1)
      .send(await file.open(range));
  }
  return reply.header('content-length', file.byteSize).send(await file.open());
}
