import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir, projectRoot } from '../paths';
import { type Listen, pgListener, pgliteListener, registerListen } from './listen';
import * as schema from './schema';

export type Schema = typeof schema;
/** A database or a transaction on it: services take either, so a caller can compose them in one transaction. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /** LISTEN on a channel (one session per process for all channels); see db/listen.ts. */
  listen: Listen;
  migrate(): Promise<void>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number; onPoolError?: (error: Error) => void }
  /** dataDir undefined keeps the database in memory (tests). */
  | { kind: 'pglite'; dataDir?: string };

const migrationLockId = 7_305_114; // arbitrary, fixed: serializes migrations across app processes

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === 'postgres' ? openPostgres(options) : openPglite(options.dataDir);
}

/** The extensions the migrations create on the embedded database: trigram indexes, and unaccent for search. */
export const pgliteExtensions = { pg_trgm, unaccent };

async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  const dir = dataDir === undefined ? undefined : join(dataDir, 'pglite');
  if (dir) initializePgliteDir(dir);
  const client = new PGlite({
    ...(dir ? { dataDir: dir } : {}),
    extensions: pgliteExtensions,
    // PGlite's defaults reserve far more memory than a workspace needs; it grows when it must.
    // 128 MB is the least its WebAssembly module accepts. The buffer cache is a part of it that
    // is touched as pages are read, so it stays resident: 16 MB holds a workspace's hot pages
    // (the list and dashboard read a few index and heap pages each) and is 16 MB less of the
    // server's resident memory than 32 MB.
    initialMemory: 128 * 1024 * 1024,
    postgresqlconf: "shared_buffers = '16MB'",
  });
  await client.waitReady;
  const db = drizzlePglite(queryingBetweenTurns(client), { schema }) as unknown as Database;
  const listener = pgliteListener(client);
  registerListen(db, listener.listen);
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await client.query('select 1');
    },
    listen: listener.listen,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: migrationsDir }),
    close: () => client.close(),
  };
}

/** Resolves at the event loop's next turn, once what is waiting on it (a request, a reply) has run. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * PGlite runs each query to its end on this thread, and its promises resolve without I/O: a
 * chain of awaited queries (a transaction, a request's reads) never gave the event loop a turn:
 * accepting a 3,000-paragraph suggestion held every other request for one turn of 70–80 ms of
 * CPU. Each query of the app's client (and of its transactions) first waits for the loop's next
 * turn; a transaction keeps its lock meanwhile, so no other query slips into it.
 */
function queryingBetweenTurns<C extends Pick<PGlite, 'query'>>(client: C): C {
  return new Proxy(client, {
    get(target, key) {
      if (key === 'query') {
        return async (...args: Parameters<PGlite['query']>) => {
          await nextTurn();
          return target.query(...args);
        };
      }
      if (key === 'transaction' && 'transaction' in target) {
        return (callback: (tx: Transaction) => Promise<unknown>) =>
          (target as unknown as PGlite).transaction((tx) => callback(queryingBetweenTurns(tx)));
      }
      const value = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/**
 * Creating a PGlite cluster (initdb) leaves a few hundred MB of WebAssembly memory behind that the
 * process never returns. A short-lived child process does it instead, so the server itself only
 * ever opens an existing cluster.
 */
function initializePgliteDir(dir: string): void {
  if (existsSync(join(dir, 'PG_VERSION'))) return;
  mkdirSync(dir, { recursive: true });
  const script = `import { PGlite } from '@electric-sql/pglite';
const db = new PGlite(process.argv[1]);
await db.waitReady;
await db.close();`;
  execFileSync(process.execPath, ['--input-type=module', '-e', script, dir], {
    cwd: projectRoot,
    stdio: 'inherit',
  });
}

async function openPostgres(options: {
  url: string;
  poolSize?: number;
  onPoolError?: (error: Error) => void;
}): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its connection (server restart) must not take the process down;
  // the pool replaces it and the next query reconnects.
  pool.on('error', (error) => options.onPoolError?.(error));
  const db = drizzleNodePg(pool, { schema }) as unknown as Database;
  const listener = pgListener({
    url: options.url,
    onError: (error) => options.onPoolError?.(error instanceof Error ? error : new Error(String(error))),
  });
  registerListen(db, listener.listen);
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    listen: listener.listen,
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [migrationLockId]);
        await migrateNodePg(drizzleNodePg(client, { schema }), { migrationsFolder: migrationsDir });
      } finally {
        // Closing this connection ends its session, which releases the advisory lock.
        client.release(true);
      }
    },
    close: async () => {
      await listener.close();
      await pool.end();
    },
  };
}
