import { and, asc, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { ContractPage, ContractSort, ListContractsQuery } from '../../../shared/api/contracts';
import type { ServiceContext } from '../../context';
import { preparedOnce } from '../../db/prepared';
import { contracts } from '../../db/schema';
import { ownContractsPrepared, scopeParams } from '../../policies/scope';
import { contractSummaryColumns, presentContractSummary } from '../../presenters/contract';
import { decodeCursor, encodeCursor } from './cursor';
import { loadSigners } from './load-signers';

/** Escapes LIKE wildcards, so a search for '50%' finds '50%' and not everything starting with 50. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

type Row = { updatedAt: Date; createdAt: Date; title: string; id: string };

const cursorKey = sql.placeholder('cursorKey');
const cursorId = sql.placeholder('cursorId');

/**
 * Each sort with the keyset condition that continues after a cursor. Every one has an index
 * (organization, template flag, sort key, id), so a page costs the same wherever it starts.
 */
const orders: Record<ContractSort, { by: SQL[]; after: SQL; keyOf: (row: Row) => string }> = {
  updated: {
    by: [desc(contracts.updatedAt), desc(contracts.id)],
    after: sql`(${contracts.updatedAt}, ${contracts.id}) < (${cursorKey}::timestamptz, ${cursorId}::uuid)`,
    keyOf: (row) => row.updatedAt.toISOString(),
  },
  created: {
    by: [desc(contracts.createdAt), desc(contracts.id)],
    after: sql`(${contracts.createdAt}, ${contracts.id}) < (${cursorKey}::timestamptz, ${cursorId}::uuid)`,
    keyOf: (row) => row.createdAt.toISOString(),
  },
  title: {
    by: [asc(sql`lower(${contracts.title})`), asc(contracts.id)],
    after: sql`(lower(${contracts.title}), ${contracts.id}) > (${cursorKey}::text, ${cursorId}::uuid)`,
    keyOf: (row) => row.title.toLowerCase(),
  },
};

type Shape = { sort: ContractSort; project: boolean; status: boolean; search: boolean; cursor: boolean };

/**
 * One prepared statement per shape of the query (sort and which filters are present: at most
 * 48), built on first use: building the SQL costs more CPU than PostgreSQL spends on the page.
 */
const pageStatements = new Map<string, ReturnType<typeof preparedPage>>();

function preparedPage(shape: Shape, name: string) {
  return preparedOnce((db) => {
    const conditions: SQL[] = [ownContractsPrepared, eq(contracts.isTemplate, sql.placeholder('template'))];
    if (shape.project) conditions.push(eq(contracts.projectId, sql.placeholder('projectId')));
    if (shape.status) conditions.push(eq(contracts.status, sql.placeholder('status')));
    if (shape.search) conditions.push(ilike(contracts.title, sql.placeholder('search')));
    if (shape.cursor) conditions.push(orders[shape.sort].after);
    return db
      .select(contractSummaryColumns)
      .from(contracts)
      .where(and(...conditions))
      .orderBy(...orders[shape.sort].by)
      .limit(sql.placeholder('limit'))
      .prepare(name);
  });
}

function pageStatement(shape: Shape) {
  const name = `list_contracts_${shape.sort}${shape.project ? '_project' : ''}${shape.status ? '_status' : ''}${shape.search ? '_search' : ''}${shape.cursor ? '_after' : ''}`;
  let statement = pageStatements.get(name);
  if (!statement) {
    statement = preparedPage(shape, name);
    pageStatements.set(name, statement);
  }
  return statement;
}

/** The organization's contracts (or templates) in the chosen order, a keyset page at a time. */
export async function listContracts(ctx: ServiceContext, query: ListContractsQuery): Promise<ContractPage> {
  const { db, actor } = ctx;
  const order = orders[query.sort];
  const cursor = query.cursor ? decodeCursor(query.cursor, query.sort) : undefined;
  const statement = pageStatement({
    sort: query.sort,
    project: Boolean(query.projectId),
    status: Boolean(query.status),
    search: Boolean(query.q),
    cursor: Boolean(cursor),
  });
  const rows = await statement(db).execute({
    ...scopeParams(actor),
    template: query.template,
    projectId: query.projectId,
    status: query.status,
    search: query.q ? containing(query.q) : undefined,
    cursorKey: cursor?.key,
    cursorId: cursor?.id,
    limit: query.limit + 1,
  });
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
