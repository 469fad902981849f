// Idle notification streams: what they cost the database and the server, and how fast a written
// notification reaches its stream. Prints figures; asserts nothing.
//
//   npm run bench:streams                      (PostgreSQL at BENCH_DATABASE_URL or the local
//                                               server; PGlite when none answers, or with
//                                               BENCH_DATABASE_URL=pglite)
//   BENCH_STREAMS=2000 BENCH_IDLE_SECONDS=60 BENCH_NOTIFICATIONS=300 npm run bench:streams
//
// The app runs in a child process (bench/stream-server.ts) whose statements are counted where
// node-postgres sends them; memory is that process's, after a full GC, with and without the
// streams; latency runs from the notification's insert resolving in the server process to its
// 'changed' event arriving here.
import { type ChildProcess, fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const streamsWanted = Number(process.env.BENCH_STREAMS ?? 2000);
const idleSeconds = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const notificationCount = Number(process.env.BENCH_NOTIFICATIONS ?? 300);
const perPerson = 5; // the most streams one person may hold in one process
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

type Stats = { statements: number | null; rss: number; heapUsed: number };
type Session = { userId: string; cookie: string };

const now = () => performance.timeOrigin + performance.now();
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function postgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | undefined> {
  if (serverUrl === 'pglite') return undefined;
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3_000 });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `pactum_bench_streams_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** Sends a message to the server and waits for the first answer that `pick` accepts. */
function ask<T>(
  child: ChildProcess,
  message: object,
  pick: (answer: Record<string, unknown>) => T | undefined,
) {
  return new Promise<T>((resolve) => {
    const onMessage = (answer: Record<string, unknown>) => {
      const picked = pick(answer);
      if (picked === undefined) return;
      child.off('message', onMessage);
      resolve(picked);
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

const stats = (child: ChildProcess) =>
  ask(child, { stats: true }, (answer) => answer.stats as Stats | undefined);

/** An open stream: resolves once the server has answered; `events` grows with each 'changed'. */
function openStream(port: number, cookie: string) {
  return new Promise<{ events: number[]; close: () => void }>((resolve, reject) => {
    const events: number[] = [];
    const request = http.get(
      { host: '127.0.0.1', port, path: '/api/notifications/stream', headers: { cookie }, agent: false },
      (response) => {
        if (response.statusCode !== 200) return reject(new Error(`stream answered ${response.statusCode}`));
        response.setEncoding('utf8');
        let first = true;
        response.on('data', (chunk: string) => {
          for (const _ of chunk.matchAll(/event: changed/g)) events.push(now());
          if (first) {
            first = false;
            resolve({ events, close: () => request.destroy() });
          }
        });
      },
    );
    request.on('error', reject);
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const postgres = await postgresDatabase();
const pgliteDir = postgres ? undefined : mkdtempSync(join(tmpdir(), 'pactum-bench-streams-'));
const port = await freePort();
const people = Math.ceil(streamsWanted / perPerson);
const child = fork('bench/stream-server.ts', [], {
  execArgv: ['--import', 'tsx', '--expose-gc'],
  env: {
    ...process.env,
    BENCH_DB: postgres?.url ?? pgliteDir ?? '',
    BENCH_PORT: String(port),
    BENCH_PEOPLE: String(people),
    LOG_LEVEL: 'silent',
  },
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
});
try {
  const ready = await ask(child, {}, (answer) =>
    answer.ready ? (answer as { driver: string; sessions: Session[] }) : undefined,
  );
  console.log(`Notification streams on ${ready.driver === 'postgres' ? 'PostgreSQL' : 'PGlite'}`);
  const before = await stats(child);

  const open: { userId: string; stream: Awaited<ReturnType<typeof openStream>> }[] = [];
  const opening = performance.now();
  for (let start = 0; start < streamsWanted; start += 100) {
    const batch = [];
    for (let n = start; n < Math.min(start + 100, streamsWanted); n += 1) {
      const session = ready.sessions[n % people] as Session;
      batch.push(
        openStream(port, session.cookie).then((stream) => open.push({ userId: session.userId, stream })),
      );
    }
    await Promise.all(batch);
  }
  const openSeconds = (performance.now() - opening) / 1000;
  const withStreams = await stats(child);
  const openStatements =
    withStreams.statements === null || before.statements === null
      ? ''
      : ` (${withStreams.statements - before.statements} statements: each request's session lookup and the LISTENs)`;
  console.log(`  ${open.length} streams opened in ${openSeconds.toFixed(1)} s${openStatements}`);
  console.log(
    `  server memory, no streams: RSS ${mb(before.rss)}, heap ${mb(before.heapUsed)}; ` +
      `with ${open.length}: RSS ${mb(withStreams.rss)}, heap ${mb(withStreams.heapUsed)} ` +
      `(${((withStreams.heapUsed - before.heapUsed) / open.length / 1024).toFixed(1)} KB heap per stream)`,
  );

  // Idle: nobody writes anything. Every statement the process sends in this window is counted.
  const idleStart = await stats(child);
  await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
  const idleEnd = await stats(child);
  if (idleStart.statements === null || idleEnd.statements === null) {
    console.log('  idle statements: not counted (PGlite has no hook; run with PostgreSQL)');
  } else {
    const statements = idleEnd.statements - idleStart.statements;
    const perMinute = statements / (idleSeconds / 60);
    console.log(
      `  idle for ${idleSeconds} s: ${statements} statements in all (${perMinute.toFixed(1)}/min for the process), ` +
        `${(perMinute / open.length).toFixed(4)} per connection per minute (was 30: a look every 2 s)`,
    );
  }

  // Latency: one notification at a time, for a person whose streams are open.
  const latencies: number[] = [];
  for (let n = 0; n < notificationCount; n += 1) {
    const target = open[(n * 7) % open.length];
    if (!target) break;
    const had = target.stream.events.length;
    const notified = await ask(child, { notify: target.userId }, (answer) =>
      answer.notified === target.userId ? (answer.at as number) : undefined,
    );
    const deadline = performance.now() + 5_000;
    while (target.stream.events.length === had && performance.now() < deadline)
      await new Promise((resolve) => setImmediate(resolve));
    const at = target.stream.events[had];
    if (at !== undefined) latencies.push(at - notified);
  }
  latencies.sort((a, b) => a - b);
  console.log(
    `  notification written → 'changed' received, ${latencies.length} of ${notificationCount}: ` +
      `p50 ${percentile(latencies, 50).toFixed(2)} ms, p99 ${percentile(latencies, 99).toFixed(2)} ms, ` +
      `max ${(latencies.at(-1) ?? Number.NaN).toFixed(2)} ms (was up to 2,000 ms: the poll)`,
  );
  for (const { stream } of open) stream.close();
} finally {
  child.kill('SIGKILL');
  await new Promise((resolve) => child.once('exit', resolve));
  await postgres?.drop();
  if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
}
