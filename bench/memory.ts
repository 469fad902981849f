// npm run bench:memory — the resident memory of the embedded default at rest: `node dist/server/main.js`
// with no DATABASE_URL (PGlite, the demo workspace, the outbox), started a second time on a data
// directory the first start made, read once it answers /api/health and 60 s after it was started
// (the figure), then after the demo user's first page. Other built checkouts given as
// arguments (`tsx bench/memory.ts . ../other`) are measured in the same run, round after round in
// turn, each on a data directory of its own, so their figures compare. Prints the median of
// BENCH_ROUNDS rounds and the load average; asserts nothing.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { median } from './stats';

const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const restSeconds = Number(process.env.BENCH_REST_SECONDS ?? 60);
const roots = (process.argv.length > 2 ? process.argv.slice(2) : [join(import.meta.dirname, '..')]).map(
  (root) => resolve(root),
);
const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));
const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

function freePort(): Promise<string> {
  return new Promise((done) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => done(String(port)));
    });
  });
}

function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null) return done();
    child.once('exit', () => done());
    child.kill('SIGTERM');
  });
}

/** Starts a checkout's built server on a data directory; resolves once it answers /api/health. */
async function start(root: string, dataDir: string) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [join(root, 'dist', 'server', 'main.js')], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: port, APP_URL: base, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server in ${root} exited with ${child.exitCode}`);
    const health = await fetch(`${base}/api/health`).catch(() => null);
    if (health?.ok) break;
    await pause(100);
  }
  return { child, base, started, healthySeconds: (performance.now() - started) / 1000 };
}

/** The demo user's first page: sign-in, the page and its assets, the dashboard's API calls. */
async function firstPage(base: string) {
  const signIn = await fetch(`${base}/api/auth/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@example.com', password: 'pactum-demo' }),
  });
  const cookie = signIn.headers.get('set-cookie')?.split(';')[0] ?? '';
  const page = await (await fetch(`${base}/dashboard`, { headers: { cookie } })).text();
  const assets = [...page.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
  for (const path of [...assets, '/api/auth/me', '/api/dashboard', '/api/contracts?limit=20']) {
    await (await fetch(`${base}${path}`, { headers: { cookie } })).arrayBuffer();
  }
}

type Figures = { healthySeconds: number; healthy: number; atRest: number; afterPage: number };

async function secondStart(root: string, dataDir: string): Promise<Figures> {
  const { child, base, started, healthySeconds } = await start(root, dataDir);
  try {
    await pause(1000);
    const healthy = residentMb(child.pid ?? 0);
    await pause(Math.max(0, started + restSeconds * 1000 - performance.now()));
    const atRest = residentMb(child.pid ?? 0);
    await firstPage(base);
    await pause(1000);
    return { healthySeconds, healthy, atRest, afterPage: residentMb(child.pid ?? 0) };
  } finally {
    await stop(child);
  }
}

const checkouts = roots.filter((root) => {
  const built = existsSync(join(root, 'dist', 'server', 'main.js'));
  if (!built) console.log(`(${root} skipped: run \`npm run build\` there first)`);
  return built;
});
const startLoad = loadAverage();
console.log(`Embedded server at rest; load average ${startLoad}`);
const dataDirs = new Map<string, string>();
// The first start makes the database and the demo workspace, renders its PDFs and queues the seal
// of its completed contract: given 20 s to do that, then stopped.
for (const root of checkouts) {
  const dataDir = mkdtempSync(join(tmpdir(), 'pactum-bench-memory-'));
  dataDirs.set(root, dataDir);
  const first = await start(root, dataDir);
  await pause(20_000);
  await stop(first.child);
}
const figures = new Map<string, Figures[]>(checkouts.map((root) => [root, []]));
for (let round = 0; round < rounds; round++) {
  for (const root of checkouts) {
    const measured = await secondStart(root, dataDirs.get(root) as string);
    figures.get(root)?.push(measured);
    console.log(
      `  round ${round + 1} ${root}: healthy after ${measured.healthySeconds.toFixed(1)} s, ${measured.healthy} MB; ${restSeconds} s after start ${measured.atRest} MB; after the first signed-in page ${measured.afterPage} MB`,
    );
  }
}
for (const dataDir of dataDirs.values()) rmSync(dataDir, { recursive: true, force: true });
console.log(
  `\nSecond start, resident memory, median of ${rounds} (goal ≤ 250 MB ${restSeconds} s after start):`,
);
for (const [root, runs] of figures) {
  const of = (pick: (run: Figures) => number) => median(runs.map(pick));
  console.log(
    `  ${root}: healthy ${of((run) => run.healthy)} MB; ${restSeconds} s after start ${of((run) => run.atRest)} MB (min ${Math.min(...runs.map((run) => run.atRest))}, max ${Math.max(...runs.map((run) => run.atRest))}); after the first signed-in page ${of((run) => run.afterPage)} MB`,
  );
}
console.log(`Load average at the start: ${startLoad}; at the end: ${loadAverage()}`);
