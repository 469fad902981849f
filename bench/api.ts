// npm run bench:api — in one run, on PGlite and (when reachable) on PostgreSQL:
// - side by side, round after round: a bare node:http hello-world, the app's anonymous 401, the
//   physical limit of the contract read (bench/bare-read-server.ts: the app's own SQL with `pg`,
//   no framework) and the app's contract read; the app's figures as ratios of the bare ones;
// - the dashboard and the contracts list (first page, by title, searches) in organizations of
//   10,000 and 100,000 contracts (and 1,000,000 with BENCH_MILLION=1), to show the cost is flat;
// (the embedded server's resident memory is bench:memory's: bench/memory.ts).
// How it measures: the load generator (autocannon) runs in a process of its own pinned to the
// last CPU and the JavaScript thread of every server under test to the first (taskset; BENCH_PIN=0
// turns it off), so on a 2-core machine the client never takes the server's core. Only that
// thread: V8's garbage-collector helpers and libuv's pool run wherever the system puts them, as
// in production. Pinned with them, concurrent marking took the one core from the JavaScript
// thread for tens of milliseconds at every major collection, and a 5 s window with one in it
// measured 30-60 ms at p99; with only the main thread pinned, 5-18 ms. PostgreSQL is not
// pinned. Latency is what the client sees (the real route through the real stack); the CPU time
// the serving process spent per request is read from /proc, which a busy neighbour disturbs far
// less than req/s. Every figure is the median of BENCH_ROUNDS rounds, and the load average is
// printed with each table. Prints figures; asserts nothing.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { seededTitle } from './seed-contracts';

const durationSeconds = Number(process.env.BENCH_DURATION ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
// The latency goals are read at a steady rate well under capacity, as a busy instance serves
// its users (requests evenly spaced, bench/paced-load.mjs); at full load (the throughput tables)
// p99 is mostly time spent queueing.
const pacedRate = Number(process.env.BENCH_RATE ?? 200);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// Another run on the same PostgreSQL server (another checkout, CI) drops and reseeds its own.
const benchDatabaseName = /^[a-z_][a-z0-9_]*$/.test(process.env.BENCH_DATABASE_NAME ?? '')
  ? (process.env.BENCH_DATABASE_NAME as string)
  : 'pactum_bench';
const postgresSizes = [10_000, 100_000, ...(process.env.BENCH_MILLION === '1' ? [1_000_000] : [])];
// BENCH_LISTS=0 measures the read path alone (its side-by-side table), without the lists.
const measureLists = process.env.BENCH_LISTS !== '0';
const secret = 'bench-secret-bench-secret-bench-secret';
const root = join(import.meta.dirname, '..');

// Servers on the first CPU, the load generator on the last: they never compete with each other.
const pinned =
  process.env.BENCH_PIN !== '0' &&
  availableParallelism() >= 2 &&
  spawnSync('taskset', ['-c', '0', 'true']).status === 0;
const serverCpu = '0';
const loadCpu = String(availableParallelism() - 1);
/** The command that runs `node args` on `cpu` when pinning, else as is. */
const onCpu = (cpu: string, args: string[]): [string, string[]] =>
  pinned ? ['taskset', ['-c', cpu, process.execPath, ...args]] : [process.execPath, args];
const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(', ');

type BenchOrganization = { contracts: number; token: string; contractId: string; seedSeconds: number };
type Ready = { cookieName?: string; organizations?: BenchOrganization[]; rssMb?: number };
type Figures = {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** CPU time (user + system) the serving process spent per request: steadier than req/s on a busy machine. */
  cpuMicros: number;
};

function freePort(): Promise<string> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(String(port)));
    });
  });
}

function startProcess(
  args: string[],
  env: Record<string, string>,
): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    let ready = false;
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith('{"ready"'));
      if (line && !ready) {
        ready = true;
        // Once it is ready every thread of its start exists, and only the main one is moved.
        if (pinned) spawnSync('taskset', ['-p', '-c', serverCpu, String(child.pid)], { stdio: 'ignore' });
        resolve({ child, ready: JSON.parse(line) });
      }
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}: ${output}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

type Load = {
  name: string;
  url: string;
  /** The process that serves it, whose CPU time is measured. */
  pid: number;
  /** Requests per second over all connections, instead of as many as the server answers. */
  rate?: number;
  headers?: Record<string, string>;
  expectedStatus?: number;
};

/** User + system CPU time of a process so far, in microseconds (from /proc, in clock ticks of 10 ms). */
function cpuMicrosOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

type Generated = {
  requestsAverage: number;
  requestsTotal: number;
  p50: number;
  p99: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
};

/** One autocannon run in its own process on the load generator's CPU (bench/load-generator.mjs). */
function generate(options: Record<string, unknown>): Promise<Generated> {
  const [command, args] = onCpu(loadCpu, [
    join(root, 'bench', 'load-generator.mjs'),
    JSON.stringify(options),
  ]);
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(output) as Generated)
        : reject(new Error(`load generator exited with ${code}`)),
    );
  });
}

async function loadOnce({
  name,
  url,
  pid,
  rate,
  headers = {},
  expectedStatus = 200,
}: Load): Promise<Figures> {
  const pace = rate ? { overallRate: rate } : {};
  await generate({ url, connections, duration: 1, headers, ...pace }); // warm-up
  // The server idles while the generator starts: its CPU time below is the requests' alone.
  const cpuBefore = cpuMicrosOf(pid);
  const result = await generate({ url, connections, duration: durationSeconds, headers, ...pace });
  const cpu = cpuMicrosOf(pid) - cpuBefore;
  const wrongStatus = Object.entries(result.statusCodeStats)
    .filter(([code]) => Number(code) !== expectedStatus)
    .reduce((total, [, { count }]) => total + count, 0);
  return {
    name,
    requestsPerSecond: Math.round(result.requestsAverage),
    p50: result.p50,
    p99: result.p99,
    errors: result.errors + result.timeouts + wrongStatus,
    cpuMicros: Math.round(cpu / Math.max(1, result.requestsTotal)),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

/**
 * Loads every endpoint once a round, one after the other, for `rounds` rounds, so a noisy
 * neighbour spreads over all of them; returns each endpoint's medians and every round's figures.
 */
async function loadRounds(loads: Load[]): Promise<{ medians: Figures[]; perRound: Figures[][] }> {
  const perRound: Figures[][] = [];
  for (let round = 0; round < rounds; round++) {
    const figures: Figures[] = [];
    for (const item of loads) figures.push(await loadOnce(item));
    perRound.push(figures);
  }
  const medians = loads.map((item, index) => {
    const all = perRound.map((figures) => figures[index] as Figures);
    return {
      name: item.name,
      requestsPerSecond: Math.round(median(all.map((f) => f.requestsPerSecond))),
      p50: median(all.map((f) => f.p50)),
      p99: median(all.map((f) => f.p99)),
      errors: all.reduce((total, f) => total + f.errors, 0),
      cpuMicros: Math.round(median(all.map((f) => f.cpuMicros))),
    };
  });
  return { medians, perRound };
}

function printTable(title: string, rows: Figures[], rate?: number): void {
  const load = rate
    ? `${rate} req/s evenly spaced (half the full-load rate if less), up to ${connections} connections`
    : `${connections} connections`;
  console.log(
    `\n${title}  (${load}, ${durationSeconds} s each, median of ${rounds} rounds; load average now ${loadAverage()})`,
  );
  console.log('  endpoint                                  req/s     p50 ms   p99 ms   errors   CPU µs/req');
  for (const row of rows) {
    console.log(
      `  ${row.name.padEnd(40)} ${String(row.requestsPerSecond).padStart(7)} ${String(row.p50).padStart(9)} ${String(row.p99).padStart(8)} ${String(row.errors).padStart(8)} ${String(row.cpuMicros).padStart(12)}`,
    );
  }
}

/**
 * The median over rounds of a throughput ratio measured within each round (side by side), and
 * the same ratio from the CPU time each request cost its server (bare CPU / app CPU).
 */
function ratio(perRound: Figures[][], top: number, bottom: number): string {
  const ratios = perRound.map(
    (figures) => (figures[top]?.requestsPerSecond ?? 0) / (figures[bottom]?.requestsPerSecond || 1),
  );
  const cpuRatios = perRound.map(
    (figures) => (figures[bottom]?.cpuMicros ?? 0) / (figures[top]?.cpuMicros || 1),
  );
  return `${median(ratios).toFixed(2)} req/s (rounds: ${ratios.map((r) => r.toFixed(2)).join(', ')}); by server CPU per request ${median(cpuRatios).toFixed(2)}`;
}

/** The cursor of the page after `pages` pages of a list, followed as the web app does. */
async function cursorAfter(url: string, headers: Record<string, string>, pages: number): Promise<string> {
  let cursor = '';
  for (let page = 0; page < pages; page++) {
    const response = await fetch(`${url}${cursor ? `&cursor=${cursor}` : ''}`, { headers });
    const body = (await response.json()) as { nextCursor: string | null };
    if (!body.nextCursor) break;
    cursor = body.nextCursor;
  }
  return cursor;
}

async function benchDatabase(label: string, bench: string, sizes: number[]): Promise<void> {
  const port = await freePort();
  const postgres = bench.startsWith('postgres');
  console.log(
    `\n[${label}] seeding ${sizes.map((n) => n.toLocaleString('en')).join(', ')} contracts (one organization each, 200 projects) and starting the app…`,
  );
  const children: ChildProcess[] = [];
  try {
    const app = await startProcess(['--import', 'tsx', 'bench/bench-server.ts'], {
      BENCH_DB: bench,
      BENCH_PORT: port,
      BENCH_SIZES: sizes.join(','),
      BENCH_SECRET: secret,
    });
    children.push(app.child);
    const organizations = app.ready.organizations ?? [];
    for (const organization of organizations) {
      console.log(
        `[${label}] ${organization.contracts.toLocaleString('en')} contracts: seeded in ${organization.seedSeconds.toFixed(1)} s`,
      );
    }
    console.log(`[${label}] app RSS ${app.ready.rssMb} MB`);
    const base = `http://127.0.0.1:${port}`;
    const cookieFor = (organization: BenchOrganization) => ({
      cookie: `${app.ready.cookieName}=${organization.token}`,
    });
    const largest = organizations.at(-1) as BenchOrganization;

    // The read path against its limits, side by side in every round.
    const helloPort = await freePort();
    const hello = await startProcess(['bench/hello-server.mjs'], { BENCH_PORT: helloPort });
    children.push(hello.child);
    // The app's 401 as it answers it (status, headers, body), answered by bare node:http: what
    // that answer costs whoever writes it, beside what the framework adds.
    const refusal = await fetch(`${base}/api/auth/me`);
    const refusalHeaders = Object.fromEntries(
      [...refusal.headers].filter(
        ([name]) => !['date', 'connection', 'keep-alive', 'content-length'].includes(name),
      ),
    );
    const answerPort = await freePort();
    const answer = await startProcess(['bench/hello-server.mjs'], {
      BENCH_PORT: answerPort,
      BENCH_ANSWER: JSON.stringify({
        status: refusal.status,
        headers: refusalHeaders,
        body: await refusal.text(),
      }),
    });
    children.push(answer.child);
    const appPid = app.child.pid ?? 0;
    const sideBySide: Load[] = [
      { name: 'bare node:http hello', url: `http://127.0.0.1:${helloPort}/`, pid: hello.child.pid ?? 0 },
      {
        name: 'GET /api/auth/me, no cookie (401)',
        url: `${base}/api/auth/me`,
        pid: appPid,
        expectedStatus: 401,
      },
    ];
    if (postgres) {
      const barePort = await freePort();
      const bare = await startProcess(['--import', 'tsx', 'bench/bare-read-server.ts'], {
        BENCH_DB: bench,
        BENCH_PORT: barePort,
        BENCH_SECRET: secret,
        BENCH_TOKEN: largest.token,
        BENCH_CONTRACT_ID: largest.contractId,
      });
      children.push(bare.child);
      sideBySide.push({
        name: 'bare node:http + pg contract read',
        url: `http://127.0.0.1:${barePort}/api/contracts/${largest.contractId}`,
        pid: bare.child.pid ?? 0,
        headers: cookieFor(largest),
      });
    }
    sideBySide.push({
      name: 'GET /api/contracts/:id',
      url: `${base}/api/contracts/${largest.contractId}`,
      pid: appPid,
      headers: cookieFor(largest),
    });
    sideBySide.push({
      name: "bare node:http, the 401's headers+body",
      url: `http://127.0.0.1:${answerPort}/`,
      pid: answer.child.pid ?? 0,
      expectedStatus: 401,
    });
    const limits = await loadRounds(sideBySide);
    printTable(`${label}: the read path and its physical limit`, limits.medians);
    console.log(`  anonymous 401 / bare hello-world: ${ratio(limits.perRound, 1, 0)} (goal ≥ 0.7)`);
    console.log(
      `  anonymous 401 / bare node:http sending the same 401: ${ratio(limits.perRound, 1, sideBySide.length - 1)}`,
    );
    if (postgres) {
      console.log(`  contract read / bare node:http + pg: ${ratio(limits.perRound, 3, 2)} (goal ≥ 0.8)`);
    }

    // The lists at each size: the same requests, an organization ten times larger each time.
    for (const organization of measureLists ? organizations : []) {
      const headers = cookieFor(organization);
      const pid = appPid;
      // A title the seed gave one contract, searched for as a person types it (part of it, any case).
      const one = seededTitle(Math.floor(organization.contracts / 2) + 1)
        .split(' — ')[1]
        ?.toLowerCase()
        .replace('mutual ', '');
      const deep = await cursorAfter(`${base}/api/contracts?limit=20`, headers, 50);
      const loads: Load[] = [
        { name: 'GET /api/dashboard', url: `${base}/api/dashboard`, pid, headers },
        { name: 'GET /api/contracts (first page)', url: `${base}/api/contracts?limit=20`, pid, headers },
        {
          name: 'GET /api/contracts (page 51, cursor)',
          url: `${base}/api/contracts?limit=20&cursor=${deep}`,
          pid,
          headers,
        },
        {
          name: 'GET /api/contracts?sort=title',
          url: `${base}/api/contracts?limit=20&sort=title`,
          pid,
          headers,
        },
        {
          name: 'GET /api/contracts?status=sent',
          url: `${base}/api/contracts?limit=20&status=sent`,
          pid,
          headers,
        },
        {
          name: `GET /api/contracts?q=${one}`,
          url: `${base}/api/contracts?limit=20&q=${encodeURIComponent(one ?? '')}`,
          pid,
          headers,
        },
        { name: 'GET /api/contracts?q=lease', url: `${base}/api/contracts?limit=20&q=lease`, pid, headers },
      ];
      const size = `${organization.contracts.toLocaleString('en')} contracts`;
      const full = await loadRounds(loads);
      printTable(`${label}: ${size}, full load`, full.medians);
      // Half of what the endpoint answered at full load at most: a rate it cannot sustain
      // measures its queue, not its latency.
      const rates = full.medians.map((figures) =>
        Math.max(1, Math.min(pacedRate, Math.floor(figures.requestsPerSecond / 2))),
      );
      const paced = await loadRounds(loads.map((item, index) => ({ ...item, rate: rates[index] })));
      printTable(`${label}: ${size}, steady load`, paced.medians, pacedRate);
      const [dashboard, ...listFigures] = paced.medians as [Figures, ...Figures[]];
      const verdict = (p99: number, goal: number) =>
        `${p99} ms (goal < ${goal} ms: ${p99 < goal ? 'met' : 'MISSED'})`;
      console.log(`  ${size}: dashboard p99 at ${rates[0]} req/s ${verdict(dashboard.p99, 10)}`);
      listFigures.forEach((figures, index) => {
        console.log(
          `  ${size}: ${figures.name} p99 at ${rates[index + 1]} req/s ${verdict(figures.p99, 10)}`,
        );
      });
    }
  } finally {
    for (const child of children.reverse()) await stop(child);
  }
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
  } catch {
    return false;
  }
  // BENCH_REUSE=1 keeps the database (and its seeded organizations) of the last run.
  const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [
    benchDatabaseName,
  ]);
  if (process.env.BENCH_REUSE !== '1' || rowCount === 0) {
    await client.query(`drop database if exists ${benchDatabaseName} with (force)`);
    await client.query(`create database ${benchDatabaseName}`);
  }
  await client.end();
  return true;
}

const startLoad = loadAverage();
console.log(
  pinned
    ? `Servers' JavaScript threads pinned to CPU ${serverCpu}, the load generator to CPU ${loadCpu} (BENCH_PIN=0 to share them); load average ${startLoad}`
    : `Servers and load generator unpinned (no taskset or one CPU); load average ${startLoad}`,
);
const targets = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');

if (targets.includes('pglite')) {
  const pgliteDir = mkdtempSync(join(tmpdir(), 'pactum-bench-pglite-'));
  await benchDatabase('PGlite (embedded)', pgliteDir, [100_000]);
  rmSync(pgliteDir, { recursive: true, force: true });
}

if (!targets.includes('postgres')) {
  // only the embedded database was asked for
} else if (await postgresReachable()) {
  const url = new URL(postgresUrl);
  url.pathname = `/${benchDatabaseName}`;
  await benchDatabase('PostgreSQL', url.toString(), postgresSizes);
} else {
  console.log(`\n(PostgreSQL skipped: ${postgresUrl} is not reachable; set BENCH_DATABASE_URL)`);
}

console.log(
  `\nLoad average at the start: ${startLoad}; at the end: ${loadAverage()} (${availableParallelism()} CPUs)`,
);
