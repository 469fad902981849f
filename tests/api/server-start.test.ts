import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { demoCredentials } from '../../src/server/demo/seed-demo';
import { projectRoot } from '../../src/server/paths';
import { backgroundNice } from '../../src/server/workers/thread-priority';
import {
  builtServerEntry as entry,
  startBuiltServer as start,
  stopAllServers,
} from '../support/built-server';
import { testServerUrl } from '../support/test-database';

afterAll(stopAllServers);

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

/**
 * The thread answering requests keeps the priority it was started with, and every other thread of
 * the process (V8's and libuv's, the PDF and upload threads) runs below it: on Linux a nice value
 * is a thread's own, and getpriority takes a thread's id.
 */
async function expectBackgroundThreadsBelow(pid: number) {
  const started = getPriority(0);
  const background = Math.min(19, started + backgroundNice);
  // A thread may end between the listing and the question (a task thread idling out).
  const priorityOf = (thread: number) => {
    try {
      return [getPriority(thread)];
    } catch {
      return [];
    }
  };
  const niceOf = () =>
    readdirSync(`/proc/${pid}/task`)
      .map(Number)
      .filter((thread) => thread !== pid)
      .flatMap(priorityOf);
  expect(getPriority(pid)).toBe(started);
  expect(niceOf().length).toBeGreaterThan(4);
  // A task thread lowers its own as it starts: one may be starting now.
  await expect.poll(() => niceOf().filter((nice) => nice !== background), { timeout: 10_000 }).toEqual([]);
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
    if (process.platform === 'linux') await expectBackgroundThreadsBelow(first.pid);
    await first.stop();

    const second = await start({ DATA_DIR: dataDir });
    expect(second.output()).not.toContain('seeded the demo workspace');
    expect(await demoDashboard(second.base)).toEqual(before);
    await second.stop();
  }, 330_000);

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
    180_000,
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
  }, 90_000); // tsx compiles the server first
});
