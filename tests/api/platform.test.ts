import { mkdtempSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { buildAccount, buildTestApp, call, testApp, testAppUrl } from '../support/test-app';
import { testServerUrl } from '../support/test-database';

const ctx = await testApp();

describe('health', () => {
  it('answers 200 when the database answers', async () => {
    const response = await ctx.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers 503 when the database cannot be reached, and every API call says so', async () => {
    const database = await openDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:1/none' });
    const app = await buildTestApp(database);
    try {
      const health = await app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json().error.code).toBe('DATABASE_UNAVAILABLE');
      const contracts = await app.inject({
        url: '/api/contracts',
        headers: { cookie: 'pactum_session=anything' },
      });
      expect(contracts.statusCode).toBe(503);
      expect(contracts.json()).toEqual({
        error: {
          code: 'DATABASE_UNAVAILABLE',
          message: 'The database is not available right now. Please try again shortly.',
        },
      });
    } finally {
      await app.close();
      await database.close();
    }
  });

  it.skipIf(!testServerUrl())('recovers by itself when the PostgreSQL server comes back', async () => {
    const target = new URL(testServerUrl() ?? '');
    const sockets = new Set<net.Socket>();
    const proxy = net.createServer((client) => {
      const upstream = net.connect(Number(target.port || 5432), target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    const listen = (port = 0) =>
      new Promise<number>((resolve) =>
        proxy.listen(port, '127.0.0.1', () => resolve((proxy.address() as net.AddressInfo).port)),
      );
    const port = await listen();
    const url = new URL(target);
    url.port = String(port);
    const database = await openDatabase({
      kind: 'postgres',
      url: url.toString(),
      onPoolError: () => undefined,
    });
    const app = await buildTestApp(database);
    try {
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
      await new Promise<void>((resolve) => {
        proxy.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(503);
      await listen(port);
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
      proxy.close();
      for (const socket of sockets) socket.destroy();
    }
  });
});

describe('behind a reverse proxy', () => {
  it("records the client's address from X-Forwarded-For only when told to trust the proxy", async () => {
    for (const [trustProxy, expected] of [
      [1, '203.0.113.5'],
      [false, '127.0.0.1'],
    ] as const) {
      const app = await buildTestApp(ctx.database, {}, { trustProxy });
      try {
        const account = await buildAccount(ctx);
        const created = await app.inject({
          method: 'POST',
          url: '/api/contracts',
          headers: {
            cookie: account.cookie,
            'content-type': 'application/json',
            'x-forwarded-for': '203.0.113.5',
          },
          payload: JSON.stringify({ title: 'Proxied' }),
        });
        const history = await app.inject({
          url: `/api/contracts/${created.json().id}/history`,
          headers: { cookie: account.cookie },
        });
        expect(history.json().items[0].ip).toBe(expected);
      } finally {
        await app.close();
      }
    }
  });
});

describe('a client behind one trusted proxy', () => {
  it('cannot choose its own address by sending X-Forwarded-For itself', async () => {
    const app = await buildTestApp(ctx.database, {}, { trustProxy: 1 });
    try {
      const account = await buildAccount(ctx);
      // The client wrote '198.51.100.66'; the proxy appended the address it really saw.
      const created = await app.inject({
        method: 'POST',
        url: '/api/contracts',
        headers: {
          cookie: account.cookie,
          'content-type': 'application/json',
          'x-forwarded-for': '198.51.100.66, 203.0.113.9',
        },
        payload: JSON.stringify({ title: 'Spoofed' }),
      });
      const history = await app.inject({
        url: `/api/contracts/${created.json().id}/history`,
        headers: { cookie: account.cookie },
      });
      expect(history.json().items[0].ip).toBe('203.0.113.9');
    } finally {
      await app.close();
    }
  });
});

describe('cross-origin protection', () => {
  it('compares Origin with APP_URL, not with a Host header the client chose', async () => {
    const account = await buildAccount(ctx);
    const forged = await call(ctx, account, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'CSRF through Host' },
      headers: { origin: 'https://evil.example', host: 'evil.example', 'x-forwarded-proto': 'https' },
    });
    expect(forged.statusCode).toBe(403);
    const own = await call(ctx, account, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'Same origin' },
      headers: { origin: testAppUrl.origin },
    });
    expect(own.statusCode).toBe(201);
  });

  it('refuses a state-changing request from another site', async () => {
    const account = await buildAccount(ctx);
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }]) {
      const response = await call(ctx, account, {
        method: 'POST',
        url: '/api/contracts',
        json: { title: 'CSRF' },
        headers,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error.code).toBe('CROSS_ORIGIN_REQUEST');
    }
    const list = await call(ctx, account, { method: 'GET', url: '/api/contracts' });
    expect(list.json().items).toEqual([]);
  });

  it("accepts the app's own origin, and reads from anywhere", async () => {
    const account = await buildAccount(ctx);
    const own = await call(ctx, account, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'Same origin' },
      headers: { origin: testAppUrl.origin, 'sec-fetch-site': 'same-origin' },
    });
    expect(own.statusCode).toBe(201);
    const read = await call(ctx, account, {
      method: 'GET',
      url: '/api/contracts',
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(read.statusCode).toBe(200);
  });
});

describe('errors and documentation', () => {
  it('answers an unknown API path with a JSON 404', async () => {
    const response = await ctx.app.inject({ url: '/api/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'No such API endpoint' } });
  });

  it('turns an anonymous caller away before looking at the body', async () => {
    const response = await call(ctx, null, { method: 'POST', url: '/api/contracts', json: { title: '' } });
    expect(response.statusCode).toBe(401);
    for (const url of ['/api/templates', '/api/custom-fields', '/api/projects']) {
      expect((await call(ctx, null, { method: 'GET', url })).statusCode, url).toBe(401);
    }
  });

  it('answers a malformed URL in the one error shape', async () => {
    const account = await buildAccount(ctx);
    const response = await call(ctx, account, { method: 'GET', url: '/api/contracts/%ZZ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('INVALID_INPUT');
  });

  it('refuses absurdly nested JSON and text the database cannot store, with a 400', async () => {
    const account = await buildAccount(ctx);
    let nested: unknown = { type: 'text', text: 'deep' };
    for (let depth = 0; depth < 2000; depth += 1) nested = { type: 'paragraph', content: [nested] };
    const deep = await call(ctx, account, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'Deep', content: { type: 'doc', content: [nested] } },
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().error).toMatchObject({ code: 'INVALID_INPUT', field: 'body' });

    const nul = await call(ctx, account, {
      method: 'POST',
      url: '/api/projects',
      json: { name: 'A\u0000B' },
    });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.code).toBe('INVALID_INPUT');
  });

  it('refuses a body that is not JSON', async () => {
    const account = await buildAccount(ctx);
    const response = await call(ctx, account, {
      method: 'POST',
      url: '/api/contracts',
      payload: 'title=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('publishes an OpenAPI document with every endpoint, and a browsable reference', async () => {
    const document = (await ctx.app.inject({ url: '/api/docs/json' })).json();
    expect(document.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/auth/sign-up',
      '/api/auth/sign-in',
      '/api/auth/sign-out',
      '/api/auth/me',
      '/api/contracts',
      '/api/contracts/{id}',
      '/api/contracts/{id}/history',
      '/api/contracts/{id}/history/verification',
      '/api/contracts/{id}/template',
      '/api/templates',
      '/api/templates/{id}/contracts',
      '/api/projects',
      '/api/projects/{id}',
      '/api/dashboard',
      '/api/custom-fields',
      '/api/health',
    ]) {
      expect(document.paths, path).toHaveProperty([path]);
    }
    expect(document.components.schemas).toHaveProperty('Contract');
    const page = await ctx.app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});

describe('the web app', () => {
  it("serves index.html for the app's page paths, with security headers", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'pactum-web-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    const database = await openDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:1/none' });
    const app = await buildTestApp(database, {}, { webDistDir: dir });
    try {
      for (const url of ['/', '/dashboard', '/contracts/new', '/some/unknown/page']) {
        const response = await app.inject({ url });
        expect(response.statusCode, url).toBe(200);
        expect(response.body).toContain('<div id="root">');
        expect(response.headers['content-security-policy']).toContain("default-src 'self'");
        expect(response.headers['x-content-type-options']).toBe('nosniff');
      }
    } finally {
      await app.close();
      await database.close();
    }
  });
});
