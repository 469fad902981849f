import type { FastifyReply } from 'fastify';

/** Answers a stored PDF as a download, never cached by shared caches. */
export function sendPdf(reply: FastifyReply, document: { bytes: Uint8Array; fileName: string }) {
  const ascii = document.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, "'");
  return reply
    .header('content-type', 'application/pdf')
    .header('cache-control', 'private, no-store')
    .header(
      'content-disposition',
      `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(document.fileName)}`,
    )
    .send(Buffer.from(document.bytes));
}
