import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FileStore } from './file-store';

const sha256Pattern = /^[0-9a-f]{64}$/;

/**
 * Files in a directory, one per SHA-256 (`ab/abcdef…`), for the embedded database: reads and
 * writes go through the file system's own threads, so a 50 MB file never holds the event loop or
 * the database. A received file is renamed into place, never copied.
 */
export async function directoryFileStore(dir: string): Promise<FileStore> {
  const receivedDir = join(dir, 'received');
  await mkdir(receivedDir, { recursive: true });
  const pathOf = (sha256: string) => {
    // The hash names a path: anything but 64 hex digits never reaches the file system.
    if (!sha256Pattern.test(sha256)) throw new Error('Not a SHA-256');
    return join(dir, sha256.slice(0, 2), sha256);
  };
  const exists = (path: string) =>
    stat(path).then(
      () => true,
      () => false,
    );
  return {
    receivedDir,
    async adopt(receivedPath, sha256) {
      const path = pathOf(sha256);
      if (await exists(path)) {
        // Stored again: as new, so the sweep of unnamed files gives it its full grace again.
        const now = new Date();
        await utimes(path, now, now);
        await rm(receivedPath, { force: true });
        return;
      }
      await mkdir(join(dir, sha256.slice(0, 2)), { recursive: true });
      await rename(receivedPath, path);
    },
    async write(bytes, sha256) {
      const path = pathOf(sha256);
      if (await exists(path)) {
        const now = new Date();
        await utimes(path, now, now);
        return;
      }
      // Written beside, then renamed: a reader never sees half a file.
      const written = join(receivedDir, `${randomUUID()}.written`);
      await writeFile(written, bytes);
      await mkdir(join(dir, sha256.slice(0, 2)), { recursive: true });
      await rename(written, path);
    },
    async read(sha256) {
      try {
        return await readFile(pathOf(sha256));
      } catch {
        return null;
      }
    },
    async stream(sha256, range) {
      const path = pathOf(sha256);
      if (!(await exists(path))) return null;
      return range ? createReadStream(path, { start: range.start, end: range.end }) : createReadStream(path);
    },
    async size(sha256) {
      const info = await stat(pathOf(sha256)).catch(() => null);
      return info?.size ?? null;
    },
    async remove(sha256) {
      await rm(pathOf(sha256), { force: true });
    },
    async *list() {
      for (const prefix of await readdir(dir)) {
        if (!/^[0-9a-f]{2}$/.test(prefix)) continue;
        for (const name of await readdir(join(dir, prefix))) {
          if (!sha256Pattern.test(name)) continue;
          const info = await stat(join(dir, prefix, name)).catch(() => null);
          if (info) yield { sha256: name, storedAt: info.mtime };
        }
      }
    },
    close: async () => {},
  };
}
