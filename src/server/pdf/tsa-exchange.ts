import { TaskRefusal } from '../workers/task-refusal';

/** An RFC 3161 request to send: the TSA's URL and the DER TimeStampReq. */
export type TsaQuery = { url: string; request: Uint8Array };

const tsaTimeoutMs = 15_000;

/** A TimeStampResp is a few kilobytes (the token and the TSA's chain): more is not one. */
export const tsaReplyMaxBytes = 64 * 1024;

/**
 * The HTTP exchange with a time-stamping authority: posts the request and returns the reply's
 * bytes, unchecked (the seal checks them). Run by the server thread for the PDF thread's seal
 * (its `timestamp` server request), so a TSA that is slow to answer holds no one else's PDF work;
 * the whole exchange is bounded by 15 s and the reply by 64 KB. What goes wrong is a TaskRefusal.
 */
export async function exchangeWithTsa({ url, request }: TsaQuery): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query', accept: 'application/timestamp-reply' },
      body: new Uint8Array(request),
      signal: AbortSignal.timeout(tsaTimeoutMs),
    });
  } catch (error) {
    throw new TaskRefusal(`The time-stamping authority could not be reached: ${(error as Error).message}`);
  }
  if (!response.ok) throw new TaskRefusal(`The time-stamping authority answered HTTP ${response.status}`);
  const tooLarge = () =>
    new TaskRefusal(
      `The time-stamping authority sent a reply larger than ${tsaReplyMaxBytes / 1024} KB, which no time-stamp is`,
    );
  if (Number(response.headers.get('content-length') ?? 0) > tsaReplyMaxBytes) {
    void response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = response.body?.getReader();
  try {
    for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
      length += read.value.byteLength;
      if (length > tsaReplyMaxBytes) {
        void reader?.cancel();
        break;
      }
      chunks.push(read.value);
    }
  } catch (error) {
    // The 15 s ran out, or the connection broke, while the reply came.
    throw new TaskRefusal(`The time-stamping authority could not be reached: ${(error as Error).message}`);
  }
  if (length > tsaReplyMaxBytes) throw tooLarge();
  return Buffer.concat(chunks);
}
