import { test as base } from '@playwright/test';
import { type SmtpPeer, startSmtpPeer } from '../support/smtp-peer';
import { freePort, spawnServer } from './spawned-server';

export type MailApp = { baseURL: string; peer: SmtpPeer };

/**
 * Pactum with real mail: a server of its own whose SMTP_URL points at an SMTP peer running
 * here, in the test worker, so a test reads exactly what was delivered.
 */
export const test = base.extend<object, { mailApp: MailApp }>({
  mailApp: [
    async ({ browserName }, use) => {
      void browserName;
      const peer = await startSmtpPeer();
      const server = await spawnServer(await freePort(), { SMTP_URL: peer.url });
      await use({ baseURL: server.baseURL, peer });
      server.stop();
      await peer.close();
    },
    // Started once per worker: a fresh database is made and migrated, up to two minutes when busy.
    { scope: 'worker', timeout: 180_000 },
  ],
});

export { expect } from '@playwright/test';
