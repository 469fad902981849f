// @vitest-environment happy-dom
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Window as HappyWindow } from 'happy-dom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/shared/errors';
import { api, sendFile } from '../../src/web/lib/api';
import { errorMessage, NetworkError } from '../../src/web/lib/api-errors';

/** Where the page is: the client's relative /api URLs resolve against it. */
const setUrl = (url: string) => (window as unknown as HappyWindow).happyDOM.setURL(url);

/** A real HTTP peer that answers like the API: it echoes what it received, or fails as told. */
let server: Server;
let origin: string;
const received: { method?: string; url?: string; type?: string; body: string }[] = [];

const bodyOf = async (request: IncomingMessage) => {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
};

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const body = await bodyOf(request);
    received.push({ method: request.method, url: request.url, type: request.headers['content-type'], body });
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (request.method === 'DELETE') return response.writeHead(204).end();
    if (url.pathname.endsWith('/missing')) {
      response.writeHead(404, { 'content-type': 'application/json' });
      return response.end(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Contract not found' } }));
    }
    if (url.pathname === '/api/projects') {
      response.writeHead(400, { 'content-type': 'application/json' });
      return response.end(
        JSON.stringify({ error: { code: 'INVALID_INPUT', message: 'Name is required', field: 'name' } }),
      );
    }
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ path: url.pathname, query: url.search }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  setUrl(`${origin}/contracts`);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the typed API client', () => {
  it('fills the path from params, writes the query, and answers the parsed body', async () => {
    const answer = (await api.contracts.list({
      query: { q: 'lease & co', status: 'sent', limit: 5, cursor: undefined },
    })) as unknown as { path: string; query: string };
    expect(answer).toEqual({ path: '/api/contracts', query: '?q=lease+%26+co&status=sent&limit=5' });
    const id = '0a4c9a57-2b5e-4c0e-9d38-7f1f1c3b8a11';
    await api.contracts.remindSigner({ params: { id, signerId: 'a/b' } });
    expect(received.at(-1)).toMatchObject({
      method: 'POST',
      url: `/api/contracts/${id}/signers/a%2Fb/remind`,
      body: '',
    });
  });

  it('sends a JSON body with its type, and nothing for a route without one', async () => {
    await api.contracts.cancel({ params: { id: 'c1' }, body: { reason: 'Wrong party' } });
    expect(received.at(-1)).toMatchObject({
      method: 'POST',
      type: 'application/json',
      body: JSON.stringify({ reason: 'Wrong party' }),
    });
    await api.auth.signOut();
    expect(received.at(-1)).toMatchObject({ method: 'POST', url: '/api/auth/sign-out', type: undefined });
  });

  it('answers undefined for 204', async () => {
    await expect(api.contracts.remove({ params: { id: 'c1' } })).resolves.toBeUndefined();
  });

  it("throws the server's AppError with its code, message and field", async () => {
    const missing = await api.contracts.get({ params: { id: 'missing' } }).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(AppError);
    expect(missing).toMatchObject({ code: 'NOT_FOUND', message: 'Contract not found' });
    const invalid = await api.projects.create({ body: { name: '' } }).catch((error: unknown) => error);
    expect(invalid).toMatchObject({ code: 'INVALID_INPUT', field: 'name' });
  });

  it('sends a file as its own media type through the same route', async () => {
    await sendFile(api.verification.verify, new Blob(['%PDF-1.7']), 'application/pdf');
    expect(received.at(-1)).toMatchObject({
      method: 'POST',
      url: '/api/verify',
      type: 'application/pdf',
      body: '%PDF-1.7',
    });
  });

  it('gives URLs for what the browser opens itself', () => {
    expect(api.contracts.document.url({ params: { id: 'c1', kind: 'final' } })).toBe(
      '/api/contracts/c1/documents/final',
    );
    expect(api.oidc.start.url({ params: { provider: 'google' }, query: { next: '/contracts?x=1' } })).toBe(
      '/api/auth/oidc/google?next=%2Fcontracts%3Fx%3D1',
    );
  });

  it('reports a server it cannot reach as a network failure, not as a server error', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    setUrl(`http://127.0.0.1:${port}/contracts`);
    try {
      const failure = await api.workspace.dashboard().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(NetworkError);
      expect(failure).not.toBeInstanceOf(AppError);
      expect(errorMessage(failure)).toBe('Cannot reach Pactum. Check your connection and try again.');
    } finally {
      setUrl(`${origin}/contracts`);
    }
  });
});
