import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import { join } from 'node:path';
import { demoCredentials } from '../../src/server/demo/seed-demo';
import { projectRoot } from '../../src/server/paths';

export const builtServerEntry = join(projectRoot, 'dist', 'server', 'main.js');
const entry = builtServerEntry;
const running = new Set<ChildProcess>();

/** Kills whatever a test file left running (call from afterAll). */
export function stopAllServers(): void {
  for (const child of running) child.kill('SIGKILL');
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built server the way `npm start` does and waits for its banner; `node` is the
 * Node.js binary to run it with (this one by default).
 */
export async function startBuiltServer(env: Record<string, string>, port?: number, node = process.execPath) {
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first (npm test does)`);
  const listenOn = port ?? (await freePort());
  const child = spawn(node, [entry], {
    env: { PATH: process.env.PATH ?? '', PORT: String(listenOn), LOG_LEVEL: 'warn', ...env },
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
    // A fresh embedded database is made and migrated, and the demo's PDFs rendered, before the
    // banner: on a busy machine that has taken over a minute.
    const timer = setTimeout(() => reject(new Error(`no banner within 150 s:\n${output}`)), 150_000);
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
  /** Ends the process at once, as a crash or a power cut would. */
  const kill = () =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    }).then(() => running.delete(child));
  return {
    base: `http://127.0.0.1:${listenOn}`,
    port: listenOn,
    pid: child.pid ?? 0,
    output: () => output,
    stop,
    kill,
  };
}

/** Signs in to a built server's demo workspace as its demo user; the session cookie. */
export async function signInToDemo(base: string): Promise<string> {
  const signIn = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demoCredentials),
  });
  // Benchmarks use this file too, outside the test runner: a plain error, not expect().
  if (signIn.status !== 200) throw new Error(`Signing in to the demo answered ${signIn.status}`);
  return signIn.headers.get('set-cookie')?.split(';')[0] ?? '';
}

/** JSON over HTTP to a running server, with an optional cookie; returns status, body and cookies. */
export async function http(
  base: string,
  path: string,
  init: { method?: string; json?: unknown; cookie?: string } = {},
) {
  const response = await fetch(`${base}${path}`, {
    method: init.method ?? (init.json === undefined ? 'GET' : 'POST'),
    headers: {
      ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...(init.cookie ? { cookie: init.cookie } : {}),
    },
    ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
  });
  const text = await response.text();
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0])
    .join('; ');
  return { status: response.status, body: text ? JSON.parse(text) : undefined, cookie };
}
