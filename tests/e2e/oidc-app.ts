import type { AddressInfo } from 'node:net';
import { test as base } from '@playwright/test';
import Provider from 'oidc-provider';
import { type SmtpPeer, startSmtpPeer } from '../support/smtp-peer';
import { freePort, spawnServer } from './spawned-server';

export type OidcApp = { baseURL: string; issuer: string; peer: SmtpPeer };

/**
 * Pactum with 'Sign in with Google' pointed at a real OpenID provider (oidc-provider) running
 * here, in the test worker, and its mail going to an SMTP peer here. Any login name is accepted:
 * 'grace' becomes grace@example.com, with a verified address unless the name starts with
 * 'unverified'; 'unverified+grace' is grace@example.com too, unverified (someone claiming it).
 */
export const test = base.extend<object, { oidcApp: OidcApp }>({
  oidcApp: [
    async ({ browserName }, use) => {
      void browserName;
      const appPort = await freePort();
      const issuerPort = await freePort();
      const issuer = `http://127.0.0.1:${issuerPort}`;
      const provider = new Provider(issuer, {
        clients: [
          {
            client_id: 'pactum-test',
            client_secret: 'pactum-test-secret',
            redirect_uris: [`http://127.0.0.1:${appPort}/api/auth/oidc/google/callback`],
          },
        ],
        claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
        findAccount: async (_context, id) => ({
          accountId: id,
          claims: async () => ({
            sub: id,
            email: `${id.startsWith('unverified+') ? id.slice('unverified+'.length) : id}@example.com`,
            email_verified: !id.startsWith('unverified'),
            name: `${id[0]?.toUpperCase() ?? ''}${id.slice(1)} Example`,
          }),
        }),
        cookies: { keys: ['pactum-test-cookie-key'] },
      });
      const listening = provider.listen(issuerPort);
      await new Promise<void>((resolve) => listening.once('listening', () => resolve()));
      void (listening.address() as AddressInfo);
      const peer = await startSmtpPeer();
      const server = await spawnServer(appPort, {
        SMTP_URL: peer.url,
        GOOGLE_CLIENT_ID: 'pactum-test',
        GOOGLE_CLIENT_SECRET: 'pactum-test-secret',
        GOOGLE_ISSUER: issuer,
      });
      await use({ baseURL: server.baseURL, issuer, peer });
      server.stop();
      await new Promise((resolve) => listening.close(resolve));
      await peer.close();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

export { expect } from '@playwright/test';
