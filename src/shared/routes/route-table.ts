import type { RouteContract, RouteGroup } from './route-contract';

/** A contract without its schemas: all the browser needs at run time to make the request. */
export type RouteTarget<C extends RouteContract = RouteContract> = { method: C['method']; path: C['path'] };

export type RouteTable<R extends Record<string, RouteGroup>> = {
  [G in keyof R]: { [N in keyof R[G]]: RouteTarget<R[G][N]> };
};

/**
 * Strips the schemas from the contracts. The web build embeds this table (vite.config.ts), so the
 * browser gets every method and path from the contracts without loading zod and every schema.
 */
export function routeTable<R extends Record<string, RouteGroup>>(routes: R): RouteTable<R> {
  return Object.fromEntries(
    Object.entries(routes).map(([group, contracts]) => [
      group,
      Object.fromEntries(
        Object.entries(contracts).map(([name, { method, path }]) => [name, { method, path }]),
      ),
    ]),
  ) as RouteTable<R>;
}
