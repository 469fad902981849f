import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contractFiles, documents } from '../../db/schema';

/**
 * Which of these stored files some row names: a contract's or template's PDF (`contract_files`,
 * drafts of every organization) or a document (`documents`: the frozen PDF sent for signing and the
 * sealed one). The file store keeps a file once for all of them, whoever stored it, so a file is
 * unnamed only when none of these tables names it. Nothing removes a stored file without asking
 * this; a table that comes to name files by their SHA-256 belongs here.
 */
export async function namedFiles(db: Database, sha256s: readonly string[]): Promise<Set<string>> {
  const named = new Set<string>();
  if (sha256s.length === 0) return named;
  const wanted = [...new Set(sha256s)];
  for (const row of await db
    .selectDistinct({ sha256: contractFiles.sha256 })
    .from(contractFiles)
    .where(inArray(contractFiles.sha256, wanted))) {
    named.add(row.sha256);
  }
  for (const row of await db
    .selectDistinct({ sha256: documents.sha256 })
    .from(documents)
    .where(inArray(documents.sha256, wanted))) {
    named.add(row.sha256);
  }
  return named;
}
