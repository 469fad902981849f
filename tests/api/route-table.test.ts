import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiRoutes } from '../../src/shared/routes';
import type { RouteContract } from '../../src/shared/routes/route-contract';
import { routeTable } from '../../src/shared/routes/route-table';
import { testClockApi } from '../../src/shared/routes/test-clock';
import { createTestContext, testApp } from '../support/test-app';

const ctx = await testApp();

/** Every method and full path the server serves, read from Fastify's own route tree. */
function servedRoutes(tree: string): string[] {
  const stack: string[] = [];
  const served: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(.*?)(?: \(([^)]*)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const path = (depth > 0 ? (stack[depth - 1] ?? '') : '') + (match[2] ?? '');
    stack[depth] = path;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      // Fastify adds HEAD to every GET by itself.
      if (method !== 'HEAD') served.push(`${method} ${path}`);
    }
  }
  return served;
}

const contracts: [string, RouteContract][] = Object.entries(apiRoutes).flatMap(([group, routes]) =>
  Object.entries(routes as Record<string, RouteContract>).map(
    ([name, contract]) => [`${group}.${name}`, contract] as [string, RouteContract],
  ),
);
const routeOf = (contract: RouteContract) => `${contract.method} /api${contract.path}`;
/** A route served only under a switch is declared beside the table, never in it (nor in OpenAPI). */
const declaredOutsideTable = (route: string) =>
  !contracts.some(([, contract]) => routeOf(contract) === route);

describe('the shared route table', () => {
  it('is served by the server: each contract exactly once, with its method and path', () => {
    const served = servedRoutes(ctx.app.printRoutes({ commonPrefix: false }));
    expect(served.length).toBeGreaterThan(90);
    for (const [name, contract] of contracts) {
      expect(
        served.filter((route) => route === routeOf(contract)),
        `${name}: ${routeOf(contract)}`,
      ).toHaveLength(1);
      expect(ctx.app.hasRoute({ method: contract.method, url: `/api${contract.path}` })).toBe(true);
    }
  });

  it('declares every API route the server serves, and none twice', () => {
    const declared = contracts.map(([, contract]) => routeOf(contract));
    expect(new Set(declared).size, 'two contracts name the same method and path').toBe(declared.length);
    const served = servedRoutes(ctx.app.printRoutes({ commonPrefix: false }));
    // The OpenAPI document and its viewer are the only API routes that are not contracts.
    const undeclared = served.filter(
      (route) => route.includes(' /api/') && !route.includes(' /api/docs') && !declared.includes(route),
    );
    expect(undeclared).toEqual([]);
  });

  it('serves the test clock only when CLOCK_CONTROL is on, then exactly once', async () => {
    const clockRoute = routeOf(testClockApi.advance);
    expect(declaredOutsideTable(clockRoute)).toBe(true);
    expect(servedRoutes(ctx.app.printRoutes({ commonPrefix: false }))).not.toContain(clockRoute);
    const withClock = await createTestContext({ clockControl: true });
    try {
      const served = servedRoutes(withClock.app.printRoutes({ commonPrefix: false }));
      expect(served.filter((route) => route === clockRoute)).toHaveLength(1);
    } finally {
      await withClock.close();
    }
  });

  it('gives the web client every contract as its method and path, and nothing else', () => {
    const table = routeTable(apiRoutes) as Record<string, Record<string, object>>;
    for (const [name, contract] of contracts) {
      const [group, call] = name.split('.') as [string, string];
      expect(table[group]?.[call]).toEqual({ method: contract.method, path: contract.path });
    }
    expect(JSON.stringify(table)).not.toContain('"_zod"');
  });
});

describe('the web app', () => {
  const webDir = join(import.meta.dirname, '../../src/web');
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((entry) => {
      const path = join(dir, entry);
      return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(entry) ? [path] : [];
    });
  /** The typed client and its file uploads (XMLHttpRequest, for the progress). */
  const client = ['lib/api.ts', 'lib/upload-file.ts'];

  it('reaches the API only through the client: no fetch, XMLHttpRequest or /api path elsewhere', () => {
    const offenders = files(webDir)
      .map((path) => ({ path: relative(webDir, path), source: readFileSync(path, 'utf8') }))
      .filter(({ path }) => !client.includes(path))
      .filter(({ source }) =>
        /\bfetch\(|XMLHttpRequest|new EventSource\(\s*['"`]|['"`]\/api[/'"`?]/.test(source),
      )
      .map(({ path }) => path);
    expect(offenders).toEqual([]);
  });
});
