import type { FastifyReply } from 'fastify';

/** Answers a generated file as a download, never cached by shared caches. */
export function sendFile(
  reply: FastifyReply,
  file: { bytes: Uint8Array; fileName: string; contentType: string },
) {
  const ascii = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'");
  return reply
    .header('content-type', file.contentType)
    .header('cache-control', 'private, no-store')
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
    )
    .send(Buffer.from(file.bytes.buffer, file.bytes.byteOffset, file.bytes.byteLength));
}
