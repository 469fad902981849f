import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/**
 * Helmet's security headers (CSP, HSTS, frame and referrer policies…), worked out once at start
 * and set by one synchronous hook. The headers never depend on the request, and the Fastify
 * plugin rebuilt Helmet's middleware chain on every request: about a third of the cost of the
 * cheapest answer the server gives (an anonymous caller's 401).
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        // The editor sets text alignment and colour through style attributes.
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        // No page is shown in a frame, not even Pactum's own: an embed page alone may be, by the
        // origin its token allows (embed-frames.ts).
        'frame-ancestors': ["'none'"],
      },
    },
    frameguard: { action: 'deny' },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/** The headers Helmet's middleware sets, read off one run of it. */
function helmetHeaders(options: Parameters<typeof helmet>[0]): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let called = false;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
    called = true;
  });
  // Helmet's middlewares run synchronously with static options; anything else would be a surprise.
  if (!called) throw new Error('Helmet did not finish synchronously');
  return headers;
}
