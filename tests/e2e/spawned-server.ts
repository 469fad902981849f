import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  // A fresh embedded database is made and migrated first: on a busy machine that can take a minute.
  const deadline = Date.now() + 120_000;
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
 * A Pactum server of a test worker's own (the built one, on a fresh embedded database), for
 * tests that need it configured differently from the shared one: real mail, a sign-in provider.
 */
export async function spawnServer(port: number, env: Record<string, string>) {
  const baseURL = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: baseURL,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'pactum-e2e-own-')),
      DEMO: 'false',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitForHealth(`${baseURL}/api/health`, child);
  return { baseURL, stop: () => child.kill('SIGTERM') };
}
