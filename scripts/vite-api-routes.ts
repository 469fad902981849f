import type { Plugin } from 'vite';
import { apiRoutes } from '../src/shared/routes';
import { routeTable } from '../src/shared/routes/route-table';

/**
 * `virtual:api-routes`: the method and path of every shared route contract, for the web client.
 * Made from the contracts at build time so the browser loads no schema to know where to call.
 */
export function apiRouteTable(): Plugin {
  const id = 'virtual:api-routes';
  return {
    name: 'pactum-api-route-table',
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (resolved) =>
      resolved === `\0${id}` ? `export default ${JSON.stringify(routeTable(apiRoutes))};` : undefined,
  };
}
