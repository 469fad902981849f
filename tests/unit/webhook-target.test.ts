import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { postWebhook } from '../../src/server/services/webhooks/post-webhook';
import { isPublicAddress } from '../../src/server/services/webhooks/webhook-target';

describe('webhook targets', () => {
  it('takes only public unicast addresses', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.4',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '::1',
      '::',
      'fe80::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      '2002:a00:1::',
      // IPv4-compatible (::/96, deprecated), however written: ipaddr.js calls it unicast.
      '::127.0.0.1',
      '::7f00:1',
      '::8.8.8.8',
      // Outside global unicast (2000::/3), or documentation inside it.
      '100::1',
      '4000::1',
      '2001:db8::1',
      'not an address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it('refuses a private address at delivery, by literal and by name, before connecting', async () => {
    for (const url of ['https://127.0.0.1:9/hook', 'https://localhost:9/hook', 'https://[::1]:9/hook']) {
      const result = await postWebhook({ url, body: '{}', headers: {}, rules: { allowPrivate: false } });
      expect(result.ok, url).toBe(false);
      expect(result.statusCode).toBeNull();
      expect(result.error).toMatch(/private, local or reserved address/);
    }
    // A name's refusal says what was refused, not what the instance's DNS answered.
    const internal = await postWebhook({
      url: 'https://vm/hook',
      body: '{}',
      headers: {},
      rules: { allowPrivate: false, lookup: async () => [{ address: '10.20.30.40', family: 4 }] },
    });
    expect(internal.error).toBe(
      'vm resolves to a private, local or reserved address, which webhooks may not reach: use a receiver on the public internet',
    );
    const plain = await postWebhook({
      url: 'http://example.com/hook',
      body: '{}',
      headers: {},
      rules: { allowPrivate: false },
    });
    expect(plain.error).toBe('The endpoint must be an https:// URL');
  });

  it('follows no redirect, gives up after the timeout and keeps only the start of an answer', async () => {
    const server = createServer((request, response) => {
      if (request.url === '/moved') {
        response.writeHead(302, { location: 'http://169.254.169.254/' }).end();
      } else if (request.url === '/big') {
        response.writeHead(500).end('x'.repeat(1024 * 1024));
      }
      // '/silent' never answers.
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const post = (path: string) =>
      postWebhook({
        url: `${base}${path}`,
        body: '{}',
        headers: {},
        rules: { allowPrivate: true },
        timeoutMs: 300,
      });
    try {
      expect(await post('/moved')).toMatchObject({
        ok: false,
        statusCode: 302,
        error: 'Redirects are not followed',
      });
      const big = await post('/big');
      expect(big).toMatchObject({ ok: false, statusCode: 500 });
      expect(big.error).toHaveLength(500);
      const silent = await post('/silent');
      expect(silent).toMatchObject({ ok: false, statusCode: null, error: 'No answer within 0.3 seconds' });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
