import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/server/db/client';
import { migrationsDir, projectRoot } from '../../src/server/paths';
import { builtServerEntry, startBuiltServer } from './built-server';

/** A hash of the files given (of every file under each folder given), as written. */
function contentKey(paths: string[]): string {
  const hash = createHash('sha256');
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const names = path.endsWith('/')
      ? readdirSync(path, { recursive: true, encoding: 'utf8' })
          .sort()
          .map((name) => join(path, name))
      : [path];
    for (const name of names) {
      if (/\.(sql|json|js)$/.test(name)) hash.update(name).update(readFileSync(name));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

/**
 * A directory made once by `make` (into the empty directory it is given) and kept in the
 * temporary directory under `name` and the key of what it is made from. Made beside its place
 * and renamed into it, so two test files making it at once each finish with a whole one.
 */
function madeOnce(name: string, key: () => string, make: (dir: string) => Promise<void>) {
  let made: Promise<string> | undefined;
  return () => {
    made ??= (async () => {
      const path = join(tmpdir(), `pactum-${name}-${key()}`);
      if (existsSync(path)) return path;
      const making = mkdtempSync(join(tmpdir(), `pactum-making-${name}-`));
      await make(making);
      try {
        renameSync(making, path);
      } catch (error) {
        // Another file made it meanwhile: keep theirs.
        if (!existsSync(path)) throw error;
        rmSync(making, { recursive: true, force: true });
      }
      return path;
    })();
    return made;
  };
}

const pgliteVersion = join(projectRoot, 'node_modules/@electric-sql/pglite/package.json');

/** The embedded database a server makes in a new DATA_DIR (`pglite/`), made and migrated. */
const migratedTemplate = madeOnce(
  'migrated',
  () => contentKey([pgliteVersion, `${migrationsDir}/`]),
  async (dir) => {
    const database = await openDatabase({ kind: 'pglite', dataDir: dir });
    await database.migrate();
    await database.close();
  },
);

/** A copy of a template in a new directory under the temporary one. */
function copyOf(template: string, prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cpSync(template, dir, { recursive: true });
  return dir;
}

/**
 * A new DATA_DIR for a built server (tests/support/built-server.ts) whose embedded database is
 * already made and migrated: a copy of the one made once for these migrations. Making a cluster
 * and migrating it took most of a start without the demo (about 4 of 6 s on a quiet two-core
 * machine); the tests of that start itself (server-start, node-lines) give an empty directory.
 */
export async function migratedDataDir(prefix: string): Promise<string> {
  return copyOf(await migratedTemplate(), prefix);
}

/**
 * The data directory the built server leaves after seeding the demo (DEMO=true) on a migrated
 * database, without running its jobs: a server started on a copy runs them, as after a fresh seed.
 */
const demoTemplate = madeOnce(
  'demo',
  () => contentKey([pgliteVersion, `${migrationsDir}/`, `${join(builtServerEntry, '..')}/`]),
  async (dir) => {
    cpSync(await migratedTemplate(), dir, { recursive: true });
    const server = await startBuiltServer({ DATA_DIR: dir, DEMO: 'true', JOBS: 'false' });
    await server.stop();
  },
);

/**
 * A new DATA_DIR for a built server with DEMO=true whose demo workspace is already seeded: a copy
 * of one seeded once for this build. Seeding renders the demo's PDFs in a PDF thread started for
 * it, about 5 s of a start on a quiet two-core machine. The server finds it and does not seed again.
 */
export async function demoDataDir(prefix: string): Promise<string> {
  return copyOf(await demoTemplate(), prefix);
}
