// npm run bench:api — seeds an organization with 100,000 contracts over 200 projects and, in one
// run, loads the bare node:http baseline, a contract read and the dashboard summary with
// autocannon, on PGlite and (when reachable) on PostgreSQL. Also reports the resident memory of
// `node dist/server/main.js` after its first and second start. Prints figures; asserts nothing.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

const durationSeconds = Number(process.env.BENCH_DURATION ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const root = join(import.meta.dirname, '..');

type Ready = { cookie?: string; contractId?: string; seedSeconds?: number; rssMb?: number };
type Figures = { name: string; requestsPerSecond: number; p50: number; p99: number; errors: number };

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
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith('{"ready"'));
      if (line) resolve({ child, ready: JSON.parse(line) });
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

async function load(
  name: string,
  url: string,
  headers: Record<string, string> = {},
  expectedStatus = 200,
): Promise<Figures> {
  await autocannon({ url, connections, duration: 2, headers }); // warm-up
  const result = await autocannon({ url, connections, duration: durationSeconds, headers });
  return {
    name,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + (expectedStatus === 200 ? result.non2xx : 0),
  };
}

function printTable(title: string, rows: Figures[]): void {
  console.log(`\n${title}  (${connections} connections, ${durationSeconds} s each)`);
  console.log('  endpoint                             req/s     p50 ms   p99 ms   errors');
  for (const row of rows) {
    console.log(
      `  ${row.name.padEnd(34)} ${String(row.requestsPerSecond).padStart(7)} ${String(row.p50).padStart(9)} ${String(row.p99).padStart(8)} ${String(row.errors).padStart(8)}`,
    );
  }
}

async function bareBaseline(): Promise<Figures> {
  const port = await freePort();
  const hello = await startProcess(['bench/hello-server.mjs'], { BENCH_PORT: port });
  try {
    return await load('bare node:http hello', `http://127.0.0.1:${port}/`);
  } finally {
    await stop(hello.child);
  }
}

async function benchDatabase(label: string, bench: string): Promise<void> {
  const port = await freePort();
  console.log(`\n[${label}] seeding 100,000 contracts over 200 projects and starting the app…`);
  const { child, ready } = await startProcess(['--import', 'tsx', 'bench/bench-server.ts'], {
    BENCH_DB: bench,
    BENCH_PORT: port,
  });
  try {
    console.log(`[${label}] seeded in ${ready.seedSeconds?.toFixed(1)} s; app RSS ${ready.rssMb} MB`);
    const headers = { cookie: ready.cookie ?? '' };
    const base = `http://127.0.0.1:${port}`;
    const bare = await bareBaseline();
    const read = await load('GET /api/contracts/:id', `${base}/api/contracts/${ready.contractId}`, headers);
    const dashboard = await load('GET /api/dashboard', `${base}/api/dashboard`, headers);
    const list = await load('GET /api/contracts (first page)', `${base}/api/contracts?limit=20`, headers);
    const byTitle = await load(
      'GET /api/contracts?sort=title',
      `${base}/api/contracts?limit=20&sort=title`,
      headers,
    );
    const search = await load(
      'GET /api/contracts?q=nda #4242',
      `${base}/api/contracts?limit=20&q=${encodeURIComponent('nda #4242')}`,
      headers,
    );
    const broad = await load('GET /api/contracts?q=lease', `${base}/api/contracts?limit=20&q=lease`, headers);
    // The framework's own cost (routing, cookies, security headers, error body) with no database work.
    const noDatabase = await load('GET /api/auth/me, no cookie (401)', `${base}/api/auth/me`, {}, 401);
    printTable(`${label}`, [bare, noDatabase, read, dashboard, list, byTitle, search, broad]);
    const ratio = (read.requestsPerSecond / bare.requestsPerSecond) * 100;
    console.log(`  contract read / bare node:http: ${ratio.toFixed(1)}% (target ≥ 25% on PostgreSQL)`);
    console.log(`  dashboard p99: ${dashboard.p99} ms (target < 25 ms on PostgreSQL)`);
    for (const figures of [list, byTitle, search, broad]) {
      console.log(`  ${figures.name} p99: ${figures.p99} ms (target < 50 ms on PostgreSQL)`);
    }
  } finally {
    await stop(child);
  }
}

function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
}

async function embeddedMemory(): Promise<void> {
  const entry = join(root, 'dist', 'server', 'main.js');
  if (!existsSync(entry)) {
    console.log('\n(memory after start skipped: run `npm run build` first)');
    return;
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'pactum-bench-mem-'));
  const port = await freePort();
  const measure = async () => {
    const child = spawn(process.execPath, [entry], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, PORT: port, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve) => {
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Pactum is running')) resolve();
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const mb = residentMb(child.pid ?? 0);
    await stop(child);
    return mb;
  };
  const first = await measure();
  const second = await measure();
  rmSync(dataDir, { recursive: true, force: true });
  console.log(
    `\nEmbedded server (npm start) resident memory after start: first start ${first} MB, second start ${second} MB (target < 400 MB)`,
  );
}

async function postgresReachable(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
  } catch {
    return false;
  }
  await client.query('drop database if exists pactum_bench with (force)');
  await client.query('create database pactum_bench');
  await client.end();
  return true;
}

const targets = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');

if (targets.includes('pglite')) {
  const pgliteDir = mkdtempSync(join(tmpdir(), 'pactum-bench-pglite-'));
  await benchDatabase('PGlite (embedded)', pgliteDir);
  rmSync(pgliteDir, { recursive: true, force: true });
}

if (!targets.includes('postgres')) {
  // only the embedded database was asked for
} else if (await postgresReachable()) {
  const url = new URL(postgresUrl);
  url.pathname = '/pactum_bench';
  await benchDatabase('PostgreSQL', url.toString());
} else {
  console.log(`\n(PostgreSQL skipped: ${postgresUrl} is not reachable; set BENCH_DATABASE_URL)`);
}

await embeddedMemory();
