import { type ClientRequest, request as httpRequest } from 'node:http';

export type TrickledUpload = {
  request: ClientRequest;
  /** The answer's status and body once the server answers (or null if the socket closes unanswered). */
  answer: Promise<{ status: number; body: string } | null>;
  /** Sends `bytes` more of the body (the caller paces them). */
  send(bytes: Buffer): void;
  close(): void;
};

/**
 * The hold-a-place upload of the security review of 2026-12-01 (M3): a PDF upload that declares
 * 40 MB, sends `%PDF-1.7\n` and then only what the test sends, when it sends it. A real socket,
 * since a place is taken when the headers arrive and held while the body does.
 */
export function trickledUpload(
  address: string,
  cookie: string,
  url = '/api/contracts/upload-pdf?name=slow.pdf',
) {
  const request = httpRequest(`${address}${url}`, {
    method: 'POST',
    agent: false,
    headers: { cookie, 'content-type': 'application/pdf', 'content-length': 40_000_000 },
  });
  const answer = new Promise<{ status: number; body: string } | null>((resolve) => {
    request.on('error', () => resolve(null));
    request.on('close', () => resolve(null));
    request.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      response.on('error', () => resolve({ status: response.statusCode ?? 0, body }));
    });
  });
  request.write('%PDF-1.7\n');
  return {
    request,
    answer,
    send: (bytes: Buffer) => {
      if (!request.destroyed) request.write(bytes);
    },
    close: () => request.destroy(),
  } satisfies TrickledUpload;
}
