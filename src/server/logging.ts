import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { FastifyRequest } from 'fastify';
import { type DestinationStream, type Logger, pino } from 'pino';
import { uuidPattern } from '../shared/uuid';

/**
 * A path segment that is a secret: a signing, reset, invitation or confirmation token is 32
 * random bytes in base64url (43 characters). Ids are UUIDs (with hyphens every few characters)
 * and never match, so no route needs to be listed here for its tokens to stay out of the log.
 */
const tokenRun = /[A-Za-z0-9_-]{20,}/g;

/**
 * The URL as it may be logged: every token-like path segment and every query value is replaced
 * by '***' (a query can carry an OpenID code, a state, or what someone searched for).
 */
export function maskUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt < 0 ? url : url.slice(0, queryAt);
  const masked = path
    .split('/')
    // Any run of token characters, even with something appended ('<token>.', '<token>%20'), as
    // mail clients and link scanners do.
    .map((segment) => (uuidPattern.test(segment) ? segment : segment.replace(tokenRun, '***')))
    .join('/');
  if (queryAt < 0) return masked;
  const keys = url
    .slice(queryAt + 1)
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=***`);
  return `${masked}?${keys.join('&')}`;
}

/** What a request line says: never a header (cookies), a body, or a token in the URL. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: maskUrl(request.url),
    remoteAddress: request.ip,
  };
}

/** The server's logger: JSON lines, with requests logged through `serializeRequest`. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, serializers: { req: serializeRequest } };
  return destination ? pino(options, destination) : pino(options);
}

/** The error and its causes, at most five deep. */
export function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error; current && chain.length < 5; current = (current as { cause?: unknown }).cause) {
    chain.push(current);
  }
  return chain;
}

/**
 * What may be logged of a failure. A database error carries the query's parameters (password
 * hashes, token hashes, e-mails, contract text) and a detail quoting the row: only the
 * statement and the driver's classification are kept.
 */
export function loggableCause(error: unknown): unknown {
  const databaseError = causes(error).find(
    (cause) => typeof (cause as { severity?: unknown }).severity === 'string',
  );
  if (!(error instanceof DrizzleQueryError) && !databaseError) return error;
  const pick = (cause: unknown) => {
    const { code, severity, routine, table, column, constraint } = (cause ?? {}) as Record<string, unknown>;
    return { code, severity, routine, table, column, constraint };
  };
  return {
    type: 'DatabaseError',
    query: error instanceof DrizzleQueryError ? error.query : undefined,
    ...pick(databaseError ?? (error as { cause?: unknown }).cause),
    // Only the frames: the message above them repeats the parameters.
    stack: (error as Error).stack
      ?.split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .slice(0, 5)
      .join('\n'),
  };
}
