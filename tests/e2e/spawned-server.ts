import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { demoDataDir, migratedDataDir } from '../support/built-server-data';

async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  // Its embedded database comes made and migrated (and with DEMO, seeded), yet a start on a busy
  // machine has taken half a minute: the fixtures that start one give it three.
  const deadline = Date.now() + 150_000;
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
 * A port nobody listens on, chosen by the system: a fixed port per worker could still be held by
 * a server a killed run left behind, whose health check would then answer for the new one.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A Pactum server of a test worker's own (the built one, on a new embedded database), for
 * tests that need it configured differently from the shared one: real mail, a sign-in provider.
 * Its data directory is a copy of one made and migrated once (seeded once, with DEMO=true;
 * tests/support/built-server-data.ts): each worker of these fixtures starts one, and making a
 * cluster, migrating it and seeding the demo was most of the 20–30 s such a worker took to start
 * its first test on a busy machine.
 */
export async function spawnServer(port: number, env: Record<string, string>) {
  const baseURL = `http://127.0.0.1:${port}`;
  const dataDir =
    env.DEMO === 'true' ? await demoDataDir('pactum-e2e-own-') : await migratedDataDir('pactum-e2e-own-');
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: baseURL,
      DATA_DIR: dataDir,
      DEMO: 'false',
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(`${baseURL}/api/health`, child);
  } catch (error) {
    // One that never answered must not outlive the test run.
    child.kill('SIGKILL');
    throw error;
  }
  return { baseURL, stop: () => child.kill('SIGTERM') };
}
