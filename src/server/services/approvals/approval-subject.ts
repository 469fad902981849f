import { eq, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contracts, contractVersions } from '../../db/schema';

/**
 * What an approval is given for: SHA-256 of the contract's title and content as the database
 * stores them (jsonb's canonical text: keys sorted, no insignificant space), and the number of
 * its latest version. An approval counts only while this hash is the contract's, so a change made
 * by any path (an edit, a restore, accepted suggestions) leaves it standing for nothing.
 */
export async function approvalSubject(
  db: Database,
  contractId: string,
): Promise<{ hash: string; version: number | null }> {
  const [row] = await db
    .select({
      hash: sql<string>`encode(sha256(convert_to(jsonb_build_object('title', ${contracts.title}, 'content', ${contracts.content})::text, 'UTF8')), 'hex')`,
    })
    .from(contracts)
    .where(eq(contracts.id, contractId));
  if (!row) throw new Error('The contract is gone');
  const [latest] = await db
    .select({ number: max(contractVersions.number) })
    .from(contractVersions)
    .where(eq(contractVersions.contractId, contractId));
  return { hash: row.hash, version: latest?.number ?? null };
}
