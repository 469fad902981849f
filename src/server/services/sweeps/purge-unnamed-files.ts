import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contractFiles, documents } from '../../db/schema';
import type { FileStore } from '../../uploads/file-store';

/**
 * A stored file no row has named for this long is gone for good: a contract deleted with its PDFs,
 * a crash between storing an upload and the transaction that names it, a removal racing an upload
 * of the same file. The hour leaves an upload being stored, and a file stored again, alone.
 */
const graceMs = 60 * 60 * 1000;
const batch = 500;

/** Removes stored files no contract file or document names, stored more than an hour ago. */
export async function purgeUnnamedFiles(db: Database, files: FileStore, now = new Date()): Promise<number> {
  let removed = 0;
  let pending: string[] = [];
  const settle = async () => {
    if (pending.length === 0) return;
    const named = new Set<string>();
    for (const row of await db
      .selectDistinct({ sha256: contractFiles.sha256 })
      .from(contractFiles)
      .where(inArray(contractFiles.sha256, pending))) {
      named.add(row.sha256);
    }
    for (const row of await db
      .selectDistinct({ sha256: documents.sha256 })
      .from(documents)
      .where(inArray(documents.sha256, pending))) {
      named.add(row.sha256);
    }
    for (const sha256 of pending) {
      if (named.has(sha256)) continue;
      await files.remove(sha256);
      removed += 1;
    }
    pending = [];
  };
  for await (const file of files.list()) {
    if (now.getTime() - file.storedAt.getTime() < graceMs) continue;
    pending.push(file.sha256);
    if (pending.length >= batch) await settle();
  }
  await settle();
  return removed;
}
