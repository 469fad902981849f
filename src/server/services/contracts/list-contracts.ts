import { and, asc, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { ContractPage, ContractSort, ListContractsQuery } from '../../../shared/api/contracts';
import type { Actor } from '../../actor';
import type { Database } from '../../db/client';
import { contracts } from '../../db/schema';
import { ownContracts } from '../../policies/scope';
import { contractSummaryColumns, presentContractSummary } from '../../presenters/contract';
import { type Cursor, decodeCursor, encodeCursor } from './cursor';
import { loadSigners } from './load-signers';

/** Escapes LIKE wildcards, so a search for '50%' finds '50%' and not everything starting with 50. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

type Row = { updatedAt: Date; createdAt: Date; title: string; id: string };

/**
 * Each sort with the keyset condition that continues after a cursor. Every one has an index
 * (organization, template flag, sort key, id), so a page costs the same wherever it starts.
 */
const orders: Record<
  ContractSort,
  { by: SQL[]; after: (cursor: Cursor) => SQL; keyOf: (row: Row) => string }
> = {
  updated: {
    by: [desc(contracts.updatedAt), desc(contracts.id)],
    after: (c) => sql`(${contracts.updatedAt}, ${contracts.id}) < (${c.key}::timestamptz, ${c.id}::uuid)`,
    keyOf: (row) => row.updatedAt.toISOString(),
  },
  created: {
    by: [desc(contracts.createdAt), desc(contracts.id)],
    after: (c) => sql`(${contracts.createdAt}, ${contracts.id}) < (${c.key}::timestamptz, ${c.id}::uuid)`,
    keyOf: (row) => row.createdAt.toISOString(),
  },
  title: {
    by: [asc(sql`lower(${contracts.title})`), asc(contracts.id)],
    after: (c) => sql`(lower(${contracts.title}), ${contracts.id}) > (${c.key}, ${c.id}::uuid)`,
    keyOf: (row) => row.title.toLowerCase(),
  },
};

/** The organization's contracts (or templates) in the chosen order, a keyset page at a time. */
export async function listContracts(
  db: Database,
  actor: Actor,
  query: ListContractsQuery,
): Promise<ContractPage> {
  const conditions: SQL[] = [ownContracts(actor), eq(contracts.isTemplate, query.template)];
  if (query.projectId) conditions.push(eq(contracts.projectId, query.projectId));
  if (query.status) conditions.push(eq(contracts.status, query.status));
  if (query.q) conditions.push(ilike(contracts.title, containing(query.q)));
  const order = orders[query.sort];
  if (query.cursor) conditions.push(order.after(decodeCursor(query.cursor, query.sort)));
  const rows = await db
    .select(contractSummaryColumns)
    .from(contracts)
    .where(and(...conditions))
    .orderBy(...order.by)
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const signersByContract = await loadSigners(
    db,
    page.map((row) => row.id),
  );
  const last = page.at(-1);
  return {
    items: page.map((row) => presentContractSummary(row, signersByContract.get(row.id) ?? [])),
    nextCursor:
      rows.length > query.limit && last
        ? encodeCursor({ sort: query.sort, key: order.keyOf(last), id: last.id })
        : null,
  };
}
