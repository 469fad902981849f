import type { LookupAddress, LookupOneOptions } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { deliveryRefusal, hostOf, resolvePublic, type TargetRules } from './webhook-target';

export const webhookTimeoutMs = 10_000;
/** How much of a response is read (then the connection is dropped), and how much is kept. */
const maxResponseBytes = 64 * 1024;
const keptResponseChars = 500;

export type PostResult = { statusCode: number | null; durationMs: number; error: string | null; ok: boolean };

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/**
 * Resolves the host for the connection itself and refuses a private address there: the address
 * checked is the address connected to, so a DNS answer that changes between a check and the
 * connection (rebinding) cannot lead anywhere else.
 */
function checkedLookup(rules: TargetRules) {
  return (hostname: string, options: LookupOneOptions & { all?: boolean }, callback: LookupCallback) => {
    resolvePublic(hostname, rules).then(
      (addresses) => {
        if (options.all) callback(null, addresses);
        else {
          const first = addresses[0] as LookupAddress;
          callback(null, first.address, first.family);
        }
      },
      (error: Error) => callback(error, ''),
    );
  };
}

/**
 * POSTs one signed webhook: no redirect is followed (a 3xx is a failure), the whole exchange
 * has 10 seconds, and at most 64 KB of the answer is read, 500 characters kept.
 */
export async function postWebhook(input: {
  url: string;
  body: string;
  headers: Record<string, string>;
  rules: TargetRules;
  timeoutMs?: number;
}): Promise<PostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(input.url);
  const refusal = deliveryRefusal(url, input.rules);
  if (refusal) return { ok: false, statusCode: null, durationMs: 0, error: refusal };
  const host = hostOf(url);
  // An IP literal is connected to without a lookup: check it here. A name is checked by the
  // connection's own lookup, once, on the address connected to.
  if (isIP(host)) {
    try {
      await resolvePublic(host, input.rules);
    } catch (error) {
      return { ok: false, statusCode: null, durationMs: elapsed(), error: (error as Error).message };
    }
  }
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<PostResult>((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        headers: {
          ...input.headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(input.body),
          'user-agent': 'Pactum-Webhooks/1',
        },
        lookup: checkedLookup(input.rules) as never,
        signal: AbortSignal.timeout(input.timeoutMs ?? webhookTimeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          const statusCode = response.statusCode ?? null;
          const ok = statusCode !== null && statusCode >= 200 && statusCode < 300;
          const text = Buffer.concat(chunks).toString('utf8').slice(0, keptResponseChars);
          const redirect = statusCode !== null && statusCode >= 300 && statusCode < 400;
          resolve({
            ok,
            statusCode,
            durationMs: elapsed(),
            error: ok ? null : redirect ? 'Redirects are not followed' : text || `HTTP ${statusCode}`,
          });
        };
        response.on('data', (chunk: Buffer) => {
          if (size >= maxResponseBytes) return;
          chunks.push(chunk);
          size += chunk.length;
          if (size >= maxResponseBytes) {
            finish();
            response.destroy();
          }
        });
        response.on('end', finish);
        response.on('error', finish);
      },
    );
    request.on('error', (error: Error) => {
      const timedOut = error.name === 'AbortError' || error.name === 'TimeoutError';
      resolve({
        ok: false,
        statusCode: null,
        durationMs: elapsed(),
        error: timedOut
          ? `No answer within ${(input.timeoutMs ?? webhookTimeoutMs) / 1000} seconds`
          : error.message,
      });
    });
    request.end(input.body);
  });
}
