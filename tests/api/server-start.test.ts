import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { demoCredentials } from '../../src/server/db/seed-demo';
import { projectRoot } from '../../src/server/paths';
import { testServerUrl } from '../support/test-database';

const entry = join(projectRoot, 'dist', 'server', 'main.js');
const running = new Set<ChildProcess>();
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts the built server the way `npm start` does and waits for its banner. */
async function start(env: Record<string, string>) {
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first (npm test does)`);
  const port = await freePort();
  const child = spawn(process.execPath, [entry], {
    env: { PATH: process.env.PATH ?? '', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner within 60 s:\n${output}`)), 60_000);
    child.stdout?.on('data', () => {
      if (output.includes('Pactum is running at')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    }).then(() => running.delete(child));
  return { base: `http://127.0.0.1:${port}`, output: () => output, stop };
}

/** Runs the server with a configuration it must refuse, and returns how it ended. */
async function runToExit(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, args, {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: mkdtempSync(join(tmpdir(), 'pactum-refused-')), ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const code = await new Promise((resolve) => child.on('exit', resolve));
  return { code, stderr };
}

async function demoDashboard(base: string) {
  const signIn = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoCredentials),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers.get('set-cookie')?.split(';')[0] ?? '';
  const response = await fetch(`${base}/api/dashboard`, { headers: { cookie } });
  return response.json();
}

describe('starting the server', () => {
  it('creates the embedded database, seeds the demo once, and reuses both on the next start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pactum-start-'));
    const first = await start({ DATA_DIR: dataDir });
    expect(first.output()).toContain(`Demo sign-in: ${demoCredentials.email} / ${demoCredentials.password}`);
    expect((await fetch(`${first.base}/api/health`)).status).toBe(200);
    const page = await fetch(`${first.base}/dashboard`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    const before = await demoDashboard(first.base);
    await first.stop();

    const second = await start({ DATA_DIR: dataDir });
    expect(second.output()).not.toContain('seeded the demo workspace');
    expect(await demoDashboard(second.base)).toEqual(before);
    await second.stop();
  }, 120_000);

  it.runIf(testServerUrl())(
    'runs on a PostgreSQL server with DATABASE_URL, with the same migrations',
    async () => {
      const serverUrl = testServerUrl() ?? '';
      const name = `pactum_start_${Date.now()}`;
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      try {
        const server = await start({
          DATABASE_URL: url.toString(),
          DEMO: 'true',
          DATA_DIR: mkdtempSync(join(tmpdir(), 'pactum-pg-')),
        });
        expect(server.output()).toContain('PostgreSQL at DATABASE_URL');
        expect((await demoDashboard(server.base)).counts).toEqual({
          draft: 2,
          sent: 1,
          signed: 1,
          expired: 2,
        });
        await server.stop();
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    },
    120_000,
  );

  it('stops with a clear message when the database cannot be reached', async () => {
    const { code, stderr } = await runToExit([entry], {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
    });
    expect(code).toBe(1);
    expect(stderr).toContain('Cannot prepare the database at DATABASE_URL: connect ECONNREFUSED');
  });

  it('stops with a message naming a wrong variable', async () => {
    const { code, stderr } = await runToExit(['--import', 'tsx', join(projectRoot, 'src/server/main.ts')], {
      PORT: 'not-a-port',
    });
    expect(code).toBe(1);
    expect(stderr).toContain("PORT must be a port number (got 'not-a-port')");
  });
});
