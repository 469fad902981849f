import { and, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { ContractPage, ListContractsQuery } from '../../../shared/api/contracts';
import type { Actor } from '../../actor';
import type { Database } from '../../db/client';
import { contracts } from '../../db/schema';
import { ownContracts } from '../../policies/scope';
import { contractSummaryColumns, presentContractSummary } from '../../presenters/contract';
import { decodeCursor, encodeCursor } from './cursor';
import { loadSigners } from './load-signers';

/** Escapes LIKE wildcards, so a search for '50%' finds '50%' and not everything starting with 50. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** The organization's contracts (or templates), newest updated first, a keyset page at a time. */
export async function listContracts(
  db: Database,
  actor: Actor,
  query: ListContractsQuery,
): Promise<ContractPage> {
  const conditions: SQL[] = [ownContracts(actor), eq(contracts.isTemplate, query.template)];
  if (query.projectId) conditions.push(eq(contracts.projectId, query.projectId));
  if (query.status) conditions.push(eq(contracts.status, query.status));
  if (query.q) conditions.push(ilike(contracts.title, containing(query.q)));
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    conditions.push(
      sql`(${contracts.updatedAt}, ${contracts.id}) < (${cursor.updatedAt.toISOString()}::timestamptz, ${cursor.id}::uuid)`,
    );
  }
  const rows = await db
    .select(contractSummaryColumns)
    .from(contracts)
    .where(and(...conditions))
    .orderBy(desc(contracts.updatedAt), desc(contracts.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const signersByContract = await loadSigners(
    db,
    page.map((row) => row.id),
  );
  const last = page.at(-1);
  return {
    items: page.map((row) => presentContractSummary(row, signersByContract.get(row.id) ?? [])),
    nextCursor: rows.length > query.limit && last ? encodeCursor(last) : null,
  };
}
