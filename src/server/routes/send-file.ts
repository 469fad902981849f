import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** The Content-Disposition of a download: the name in ASCII, and exactly in UTF-8 for browsers that read it. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'");
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Answers a generated file as a download, never cached by shared caches. */
export function sendFile(
  reply: FastifyReply,
  file: { bytes: Uint8Array; fileName: string; contentType: string },
) {
  return reply
    .header('content-type', file.contentType)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', attachment(file.fileName))
    .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}

/** Answers a stored file as a download, streamed from the file store (never held whole in memory). */
export function sendStoredFile(
  reply: FastifyReply,
  file: { stream: Readable; fileName: string; contentType: string; byteSize: number; sha256: string },
) {
  return reply
    .header('content-type', file.contentType)
    .header('content-length', file.byteSize)
    .header('cache-control', 'private, no-store')
    .header('etag', `"${file.sha256}"`)
    .header('content-disposition', attachment(file.fileName))
    .send(file.stream);
}
