import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from '@playwright/test';
import { type SmtpPeer, startSmtpPeer } from '../support/smtp-peer';

export type MailApp = { baseURL: string; peer: SmtpPeer };

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with code ${child.exitCode}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`The server did not answer at ${url}`);
}

/**
 * Pactum with real mail: a server of its own (built, on a fresh embedded database) whose
 * SMTP_URL points at an SMTP peer running here, in the test worker, so a test reads exactly
 * what was delivered.
 */
export const test = base.extend<object, { mailApp: MailApp }>({
  mailApp: [
    async ({ browserName }, use, workerInfo) => {
      void browserName;
      const peer = await startSmtpPeer();
      const port = 3200 + workerInfo.workerIndex;
      const baseURL = `http://127.0.0.1:${port}`;
      const child = spawn(process.execPath, ['dist/server/main.js'], {
        env: {
          ...process.env,
          PORT: String(port),
          APP_URL: baseURL,
          DATA_DIR: mkdtempSync(join(tmpdir(), 'pactum-mail-e2e-')),
          DEMO: 'false',
          SMTP_URL: peer.url,
          TRUST_PROXY: 'true',
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      await waitForHealth(`${baseURL}/api/health`, child);
      await use({ baseURL, peer });
      child.kill('SIGTERM');
      await peer.close();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
});

export { expect } from '@playwright/test';
