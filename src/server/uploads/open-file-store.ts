import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseHandle } from '../db/client';
import { databaseFileStore } from './database-file-store';
import { directoryFileStore } from './directory-file-store';
import type { FileStore } from './file-store';

/** A file store and what closing it takes (a temporary one is removed). */
export type OpenedFileStore = { files: FileStore; close(): Promise<void> };

/**
 * Where uploaded files' bytes live, chosen by the database they belong with: on PostgreSQL, in
 * chunks on the server (databaseFileStore); beside the embedded database, in the data directory's
 * `files`; for an in-memory database (tests), a temporary directory removed at close.
 */
export async function openFileStore(
  database: Pick<DatabaseHandle, 'db' | 'kind'>,
  dataDir: string | undefined,
): Promise<OpenedFileStore> {
  if (database.kind === 'postgres')
    return { files: await databaseFileStore(database.db), close: async () => {} };
  if (dataDir !== undefined)
    return { files: await directoryFileStore(join(dataDir, 'files')), close: async () => {} };
  return temporaryFileStore();
}

/** A directory store of its own, removed at close: an in-memory database's, or a test app's with none. */
export async function temporaryFileStore(): Promise<OpenedFileStore> {
  const dir = await mkdtemp(join(tmpdir(), 'pactum-files-'));
  return {
    files: await directoryFileStore(dir),
    close: () => rm(dir, { recursive: true, force: true }),
  };
}
