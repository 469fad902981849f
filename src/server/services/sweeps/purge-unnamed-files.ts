import { eq } from 'drizzle-orm';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { fileTexts } from '../../db/schema';
import type { FileStore } from '../../uploads/file-store';
import { namedFiles } from './named-files';

/**
 * A stored file no row has named for this long is gone for good: a PDF removed from a draft or
 * replaced, a contract deleted with its PDFs, a crash between storing a file and the transaction
 * that names it. This sweep is the only code that removes stored files: removing or replacing a PDF
 * only drops its row, since the same bytes may be a frozen or sealed document of another
 * organization, or be stored again by an upload or a send whose transaction has not committed yet.
 * The hour leaves a file being stored, and a file stored again, alone.
 */
const graceMs = 60 * 60 * 1000;
const batch = 500;

/** Removes stored files no row names (namedFiles), stored more than an hour ago. */
export async function purgeUnnamedFiles(db: Database, files: FileStore, now = clock.now()): Promise<number> {
  let removed = 0;
  let pending: string[] = [];
  const settle = async () => {
    if (pending.length === 0) return;
    const named = await namedFiles(db, pending);
    for (const sha256 of pending) {
      if (named.has(sha256)) continue;
      await files.remove(sha256);
      // Its text for search goes with it: an upload of the same bytes later reads it again.
      await db.delete(fileTexts).where(eq(fileTexts.sha256, sha256));
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
