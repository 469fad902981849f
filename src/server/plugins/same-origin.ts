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
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method)) return;
    // An API token is no ambient credential; authentication reads no cookie on such a request.
    if (isTokenRequest(request)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      // Only APP_URL's origin: the Host header is the client's to choose.
      if (origin !== appUrl.origin) {
        throw new AppError('CROSS_ORIGIN_REQUEST', 'Requests from other sites are not allowed');
      }
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      throw new AppError('CROSS_ORIGIN_REQUEST', 'Requests from other sites are not allowed');
    }
  });
}
