import { test as base } from '@playwright/test';
import { type SmtpPeer, startSmtpPeer } from '../support/smtp-peer';
import { freePort, spawnServer } from './spawned-server';

export type ClockApp = {
  baseURL: string;
  peer: SmtpPeer;
  /** Moves the server's clock on by whole days (the sweeps run once) and answers its new day. */
  advanceDays: (days: number) => Promise<string>;
};

/**
 * Pactum with real mail and a clock the test moves (CLOCK_CONTROL): reminders and renewals are
 * reached by moving the server's days on, never by waiting. The clock is the whole server's, so a
 * spec using it runs its tests in order, in one worker.
 */
export const test = base.extend<object, { clockApp: ClockApp }>({
  clockApp: [
    async ({ playwright }, use, workerInfo) => {
      // Beside the shared server's port when one is given, so a run keeps to its own ports.
      const first = process.env.E2E_PORT ? Number(process.env.E2E_PORT) + workerInfo.workerIndex : null;
      const peer = await startSmtpPeer(first === null ? 0 : first + 20);
      const port = first === null ? await freePort() : first + 10;
      const server = await spawnServer(port, { SMTP_URL: peer.url, CLOCK_CONTROL: 'true' });
      const request = await playwright.request.newContext({ baseURL: server.baseURL });
      const advanceDays = async (days: number) => {
        const response = await request.post('/api/test-clock', { data: { advanceDays: days } });
        if (!response.ok()) throw new Error(`test-clock: ${response.status()} ${await response.text()}`);
        return ((await response.json()) as { now: string }).now.slice(0, 10);
      };
      await use({ baseURL: server.baseURL, peer, advanceDays });
      await request.dispose();
      server.stop();
      await peer.close();
    },
    { scope: 'worker', timeout: 180_000 },
  ],
});

export { expect } from '@playwright/test';
