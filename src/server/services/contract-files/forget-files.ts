import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contractFiles } from '../../db/schema';
import type { FileStore } from '../../uploads/file-store';

/**
 * Removes stored files that no contract names any more, after the transaction that stopped naming
 * them committed (a file is kept once for every contract naming it: templates, duplicates).
 */
export async function forgetFiles(db: Database, files: FileStore, sha256s: readonly string[]): Promise<void> {
  if (sha256s.length === 0) return;
  const named = await db
    .selectDistinct({ sha256: contractFiles.sha256 })
    .from(contractFiles)
    .where(inArray(contractFiles.sha256, [...sha256s]));
  const stillNamed = new Set(named.map((row) => row.sha256));
  for (const sha256 of new Set(sha256s)) if (!stillNamed.has(sha256)) await files.remove(sha256);
}
