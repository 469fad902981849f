import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/server/logging';
import { outboxMailer } from '../../src/server/mail/mailer';
import { openPendingSignIn } from '../../src/server/services/accounts/oidc-state-cookie';
import { defaultAccountLimits } from '../../src/server/services/accounts/sign-in';
import { safeNextPath } from '../../src/shared/next-path';
import { backgroundFor } from '../support/background';
import { createAndSend, latestTokenFor, openLink, signAs } from '../support/signing';
import { type SmtpPeer, startSmtpPeer } from '../support/smtp-peer';
import { buildAccount, buildTestApp, call, testApp, testAppUrl, testSecret } from '../support/test-app';

const ctx = await testApp();

/** Every line a logger writes, as text. */
function captureLog() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: createLogger('trace', stream), text: () => lines.join('') };
}

describe('tokens never reach a log line', () => {
  it('masks every token in the URLs of the request log, at the most verbose level', async () => {
    const { logger, text } = captureLog();
    const app = await buildTestApp(ctx.database, {}, { loggerInstance: logger });
    const token = 'Zm9yZ2VkLXRva2VuLXRoYXQtbG9va3MtcmVhbC0xMjM0NQ';
    try {
      for (const url of [
        `/sign/${token}`,
        `/reset-password/${token}`,
        `/invitations/${token}`,
        `/confirm-email/${token}`,
        `/api/invitations/${token}`,
        `/api/auth/oidc/google/callback?code=${token}&state=${token}`,
        `/reset-password/${token}%20`,
        `/reset-password/${token}.`,
        `/sign/${token})`,
        `/sign/${token}%3F`,
      ]) {
        await app.inject({ method: 'GET', url });
      }
      await app.inject({ method: 'POST', url: `/api/invitations/${token}/accept` });
    } finally {
      await app.close();
    }
    const logged = text();
    expect(logged).toContain('/api/invitations/***/accept');
    expect(logged).toContain('code=***&state=***');
    expect(logged).not.toContain(token);
    expect(logged.toLowerCase()).not.toContain('cookie');
  });

  it('prints the access link of an outbox message only in demo mode, and never its body', async () => {
    const { logger, text } = captureLog();
    const mail = {
      to: { name: 'Sam', email: 'sam@example.com' },
      subject: 'Sign',
      text: 'secret link inside',
      html: '',
    };
    await outboxMailer(logger, { printAccessLinks: false }).deliver({
      ...mail,
      accessLink: 'http://localhost/sign/not-in-production',
    });
    await outboxMailer(logger, { printAccessLinks: true }).deliver({
      ...mail,
      accessLink: 'http://localhost/sign/in-demo',
    });
    expect(text()).not.toContain('not-in-production');
    expect(text()).toContain('http://localhost/sign/in-demo');
    expect(text()).not.toContain('secret link inside');
  });
});

describe('where a sign-in goes afterwards', () => {
  it.each([
    '/%09/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '//evil.example',
    '/\\evil.example',
    'https://evil.example/',
    'javascript:alert(1)',
    '/login?next=//evil',
    '/.//evil.example/x',
    '/./\\evil.example',
  ])('sends %j to the dashboard', (next) => {
    expect(safeNextPath(decodeURIComponent(next), testAppUrl.origin)).toBe('/dashboard');
  });

  it('keeps a path on this site with its query', () => {
    expect(safeNextPath('/contracts?status=sent#top', testAppUrl.origin)).toBe('/contracts?status=sent#top');
  });

  it('never carries next=/%09/evil-host into the OpenID sign-in it starts', async () => {
    // A port of the system's choosing first: the issuer's URL has to name it.
    const listening = createServer();
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
    const issuer = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: 'pactum-test',
          client_secret: 'pactum-test-secret',
          redirect_uris: [`${testAppUrl.origin}/api/auth/oidc/google/callback`],
        },
      ],
    });
    listening.on('request', provider.callback());
    const app = await buildTestApp(ctx.database, {
      identityProviders: {
        google: { issuer, clientId: 'pactum-test', clientSecret: 'pactum-test-secret' },
      },
    });
    try {
      const started = await app.inject({ url: '/api/auth/oidc/google?next=/%09/evil-host' });
      expect(started.statusCode).toBe(303);
      const cookie = started.cookies.find((c) => c.name === 'pactum_oidc');
      expect(openPendingSignIn(testSecret, cookie?.value ?? '')?.next).toBe('/dashboard');
    } finally {
      await app.close();
      await new Promise((resolve) => listening.close(resolve));
    }
  });
});

describe('bodies built to be slow to validate', () => {
  it('an anonymous signing body with 50,000 fields is refused before validation', async () => {
    const fields = Object.fromEntries(Array.from({ length: 50_000 }, (_, n) => [`f${n}`, n]));
    const started = performance.now();
    // A public route that reads its body: opening a signing link.
    const response = await call(ctx, null, {
      method: 'POST',
      url: '/api/signing/sessions',
      json: { token: 'x'.repeat(43), fields },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('The request body holds too many values');
    // Signing itself asks for the signer's session before it reads a byte of the body.
    const signing = await call(ctx, null, {
      method: 'POST',
      url: '/api/signing/00000000-0000-4000-8000-000000000000/sign',
      json: { consentVersion: '1', fields, signature: { kind: 'typed', image: 'x' } },
    });
    expect(signing.statusCode).toBe(401);
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('a body sent without a session is turned away before it is read, whatever it holds', async () => {
    const bodies = ['{"title": "Broken', JSON.stringify({ title: 'Padded', pad: 'p'.repeat(3_000_000) })];
    for (const payload of bodies) {
      const response = await call(ctx, null, {
        method: 'POST',
        url: '/api/contracts',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json().error.code).toBe('UNAUTHENTICATED');
    }
  });

  it('a contract whose content is a million numbers is refused before validation', async () => {
    const account = await buildAccount(ctx);
    const response = await call(ctx, account, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'Numbers', content: { type: 'doc', content: Array.from({ length: 500_000 }, () => 1) } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('The request body holds too many values');
  });
});

describe('a contract beyond the limits', () => {
  it('is refused with a message that says which limit, and nothing is stored', async () => {
    const account = await buildAccount(ctx);
    const content = {
      type: 'doc',
      content: Array.from({ length: 25_000 }, (_, n) => ({
        type: 'paragraph',
        content: [{ type: 'text', text: `Clause ${n}` }],
      })),
    };
    const refused = await call(ctx, account, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'Huge', content },
    });
    expect(refused.statusCode).toBe(413);
    expect(refused.json().error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'content' });
    expect(refused.json().error.message).toContain('more than 12,000 paragraphs, headings and list items');
    const list = await call(ctx, account, { method: 'GET', url: '/api/contracts' });
    expect(list.json().items).toHaveLength(0);
  });

  it('cannot be sent in over 2 MB of JSON', async () => {
    const account = await buildAccount(ctx);
    const response = await call(ctx, account, {
      method: 'POST',
      url: '/api/contracts',
      json: {
        title: 'Padded',
        content: { type: 'doc', content: [{ type: 'paragraph', attrs: { pad: 'p'.repeat(2_200_000) } }] },
      },
    });
    expect(response.statusCode).toBe(413);
  });
});

describe('authenticated answers', () => {
  it('are never cached', async () => {
    const account = await buildAccount(ctx);
    for (const url of ['/api/auth/me', '/api/contracts', '/api/dashboard', '/api/profile']) {
      const response = await call(ctx, account, { method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('the notification stream', () => {
  let base: string;
  beforeAll(async () => {
    base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  });

  /** Opens the stream as a browser does; resolves once the server has answered its first line. */
  async function openStream(cookie: string) {
    const response = await fetch(`${base}/api/notifications/stream`, { headers: { cookie } });
    expect(response.status).toBe(200);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    let ended = false;
    const closed = (async () => {
      while (!(await reader.read()).done);
      ended = true;
    })();
    return { closed, ended: () => ended, cancel: () => reader.cancel() };
  }

  it('ends when its session is signed out', async () => {
    const account = await buildAccount(ctx);
    const stream = await openStream(account.cookie);
    expect((await call(ctx, account, { method: 'POST', url: '/api/auth/sign-out' })).statusCode).toBe(204);
    // Before, the stream went on for as long as the browser kept it open.
    await stream.closed;
  });

  it('keeps at most five open per person: a sixth closes the oldest', async () => {
    const account = await buildAccount(ctx);
    const streams = [];
    for (let n = 0; n < 5; n += 1) streams.push(await openStream(account.cookie));
    expect(streams.some((stream) => stream.ended())).toBe(false);
    const sixth = await openStream(account.cookie);
    await streams[0]?.closed;
    expect(streams.slice(1).some((stream) => stream.ended())).toBe(false);
    for (const stream of [...streams.slice(1), sixth]) await stream.cancel();
  });
});

describe('uploads to /verify', () => {
  let base: string;

  /** Starts an upload that declares 20 MB and sends only its first bytes, then waits. */
  function slowUpload(from: string) {
    const request = httpRequest(`${base}/api/verify`, {
      method: 'POST',
      headers: {
        'content-type': 'application/pdf',
        'content-length': String(20 * 1024 * 1024),
        'x-forwarded-for': from,
      },
    });
    let answered = false;
    request.on('error', () => {});
    request.on('response', (response) => {
      answered = true;
      response.resume();
    });
    request.write('%PDF-1.7\n');
    return { request, answered: () => answered };
  }

  it('holds one upload at a time per address and eight in all, and frees places when uploads are abandoned', async () => {
    // The per-address rate limit set high, so only the cap on uploads at once answers 429 here.
    const app = await buildTestApp(
      ctx.database,
      {
        accountLimits: {
          ...defaultAccountLimits,
          verificationsPerAddress: { limit: 10_000, windowMs: 60_000 },
        },
      },
      { trustProxy: 1 },
    );
    base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      let probes = 0;
      // Each probe from an address of its own, so the per-address rate limit never answers for the cap.
      const verifyFrom = async (address: string | null) => {
        probes += 1;
        const response = await fetch(`${base}/api/verify`, {
          method: 'POST',
          headers: {
            'content-type': 'application/pdf',
            'x-forwarded-for': address ?? `203.0.113.${probes % 250}`,
          },
          body: '%PDF-1.7\n',
        });
        const body = (await response.json()) as { error?: { message: string } };
        return response.status === 429 ? (body.error?.message ?? '') : String(response.status);
      };
      const held = 'Many documents are being verified right now. Try again in a few seconds.';
      let upload = slowUpload('198.51.100.1');
      // A second upload from the same address waits for the first (which shows it is held).
      await expect
        .poll(
          () => {
            // A probe that got its place first turns the slow upload away: start it again.
            if (upload.answered()) upload = slowUpload('198.51.100.1');
            return verifyFrom('198.51.100.1');
          },
          { timeout: 20_000 },
        )
        .toBe(held);
      // Others are not held up by it.
      expect(await verifyFrom(null)).toBe('200');
      // Eight slow uploads from eight addresses take every place: a ninth address waits too.
      const others = [2, 3, 4, 5, 6, 7, 8].map((n) => slowUpload(`198.51.100.${n}`));
      await expect
        .poll(
          () => {
            others.forEach((other, n) => {
              if (other.answered()) others[n] = slowUpload(`198.51.100.${n + 2}`);
            });
            return verifyFrom(null);
          },
          { timeout: 20_000 },
        )
        .toBe(held);
      for (const other of others) other.request.destroy();
      upload.request.destroy();
      await expect.poll(() => verifyFrom('198.51.100.1'), { timeout: 20_000 }).toBe('200');
      expect(await verifyFrom(null)).toBe('200');
    } finally {
      app.server.closeAllConnections();
      await app.close();
    }
  }, 120_000);

  it('reads nothing but a PDF: 25 MB of JSON is refused before it is parsed', async () => {
    const origin = ctx.app.server.listening
      ? ctx.app.listeningOrigin
      : await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const json = `[${'{},'.repeat(8 * 1024 * 1024)}{}]`;
    const started = performance.now();
    const response = await fetch(`${origin}/api/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.30' },
      body: json,
    }).catch(() => null);
    // Refused at once (the server may close the connection before the body is sent).
    if (response) expect(response.status).toBe(415);
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('refuses a declared size over 25 MB before reading any of it', async () => {
    const origin = ctx.app.server.listening
      ? ctx.app.listeningOrigin
      : await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const status = await new Promise<number>((resolve, reject) => {
      const request = httpRequest(`${origin}/api/verify`, {
        method: 'POST',
        headers: {
          'content-type': 'application/pdf',
          'content-length': String(25 * 1024 * 1024 + 1),
          'x-forwarded-for': '198.51.100.20',
        },
      });
      request.on('response', (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      });
      request.on('error', reject);
      request.write('%PDF-1.7\n');
    });
    expect(status).toBe(413);
  });
});

describe('signer fields', () => {
  let peer: SmtpPeer;
  let background: Awaited<ReturnType<typeof backgroundFor>>;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    background = await backgroundFor(ctx.database, peer.url);
  });
  afterAll(async () => {
    background.close();
    await peer.close();
  });

  it("keyed like an object's own properties ('constructor', '__proto__') are plain fields", async () => {
    const owner = await buildAccount(ctx);
    for (const name of ['Constructor', 'To String', 'Has Own Property']) {
      const added = await call(ctx, owner, {
        method: 'POST',
        url: '/api/custom-fields',
        json: { name, type: 'text' },
      });
      expect(added.statusCode).toBe(201);
    }
    const signer = { name: 'Prototype Pat', email: 'pat@example.com' };
    await createAndSend(ctx, owner, [signer]);
    await background.drain();
    const browser = await openLink(ctx, latestTokenFor(peer, signer.email));
    const signed = await signAs(ctx, browser, { __proto__: 'x', fullName: 'Prototype Pat' } as Record<
      string,
      string
    >);
    expect(signed.statusCode, signed.body).toBe(204);
  });
});
