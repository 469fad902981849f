import type { FastifyInstance } from 'fastify';
import { AppError } from '../../shared/errors';
import { isTokenRequest } from './api-token-access';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing requests sent by another site's page: the browser says where a request
 * comes from in Origin (and Sec-Fetch-Site), and only Pactum's own origin may change anything.
 * Requests without either header come from outside a browser and carry no ambient cookie risk.
 */
export function registerSameOriginCheck(app: FastifyInstance, appUrl: URL): void {
  const refused = () => new AppError('CROSS_ORIGIN_REQUEST', 'Requests from other sites are not allowed');
  // A callback hook: every API request passes here, and most of them are reads that return at once.
  app.addHook('onRequest', (request, _reply, done) => {
    if (safeMethods.has(request.method)) return done();
    // An API token is no ambient credential; authentication reads no cookie on such a request.
    if (isTokenRequest(request)) return done();
    const origin = request.headers.origin;
    if (origin !== undefined) {
      // Only APP_URL's origin: the Host header is the client's to choose.
      return done(origin !== appUrl.origin ? refused() : undefined);
    }
    done(request.headers['sec-fetch-site'] === 'cross-site' ? refused() : undefined);
  });
}
