import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client';
import type { FileStore } from '../../src/server/uploads/file-store';
import { openFileStore } from '../../src/server/uploads/open-file-store';

/** A test file's database and its file store (uploads/open-file-store.ts), closed together. */
export type TestDatabase = DatabaseHandle & { files: FileStore; dispose(): Promise<void> };

/**
 * A fresh, migrated database for one test file: an in-memory PGlite by default, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (dropped afterwards), copied from
 * the run's migrated template (tests/support/global-setup.ts); migrating it again finds nothing
 * left to do.
 */
export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    return withFileStore(await openDatabase({ kind: 'pglite' }));
  }
  const name = `pactum_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const template = inject('templateDatabase');
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return withFileStore(await openDatabase({ kind: 'postgres', url: url.toString() }), async () => {
    const cleanup = new pg.Client({ connectionString: serverUrl });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  });
}

/** A migrated database with its own file store, closed together (then `cleanup`, if given). */
async function withFileStore(handle: DatabaseHandle, cleanup?: () => Promise<void>): Promise<TestDatabase> {
  await handle.migrate();
  const store = await openFileStore(handle, undefined);
  return {
    ...handle,
    files: store.files,
    dispose: async () => {
      await handle.close();
      await store.close();
      await cleanup?.();
    },
  };
}

/** A connection string for the file's database, when it is on a PostgreSQL server. */
export function testServerUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL;
}
