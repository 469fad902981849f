import { and, asc, eq, gt, lte } from 'drizzle-orm';
import type { BulkRow } from '../../../shared/api/bulk-sends';
import type { BulkProblem } from '../../../shared/bulk/row-problems';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import { bulkSendRows } from '../../db/schema';
import { findOwnBulkSend } from '../../policies/scope';
import { problemsOf, sheetOf } from './batch-rows';
import { templateOfBatch } from './get-bulk-send';

/**
 * A page of a batch's rows in the order of the file, each with its problems (checked over the
 * whole file, since a row may repeat another far above it): all, those with a problem, or those
 * sent or failed. The cursor is the last row's number.
 */
export async function listBulkRows(
  ctx: ServiceContext,
  id: string,
  query: { cursor?: string; limit: number; show: 'all' | 'problems' | 'failed' | 'sent' },
): Promise<{ items: BulkRow[]; nextCursor: string | null }> {
  const { db, actor } = ctx;
  const batch = await findOwnBulkSend(db, actor, id);
  const after = query.cursor === undefined ? 1 : Number(query.cursor);
  if (!Number.isInteger(after) || after < 1) {
    throw new AppError('INVALID_INPUT', 'The cursor is not one this API returned', 'cursor');
  }
  const problems =
    batch.status === 'checking'
      ? problemsOf(batch, await sheetOf(db, batch), await templateOfBatch(db, actor, batch))
      : [];
  const byRow = new Map<number, BulkProblem[]>();
  for (const problem of problems) {
    if (problem.row !== null) byRow.set(problem.row, [...(byRow.get(problem.row) ?? []), problem]);
  }
  if (query.show === 'problems') {
    const numbers = [...byRow.keys()].filter((row) => row > after).sort((a, b) => a - b);
    const wanted = numbers.slice(0, query.limit);
    const rows = wanted.length === 0 ? [] : await rowsFrom(ctx, id, after, wanted.at(-1) ?? after);
    const items = rows.filter((row) => byRow.has(row.row)).map((row) => present(row, byRow));
    return { items, nextCursor: numbers.length > query.limit ? String(wanted.at(-1)) : null };
  }
  const rows = await db
    .select()
    .from(bulkSendRows)
    .where(
      and(
        eq(bulkSendRows.bulkSendId, id),
        gt(bulkSendRows.row, after),
        query.show === 'all' ? undefined : eq(bulkSendRows.status, query.show),
      ),
    )
    .orderBy(asc(bulkSendRows.row))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  return {
    items: page.map((row) => present(row, byRow)),
    nextCursor: rows.length > query.limit ? String(page.at(-1)?.row) : null,
  };
}

async function rowsFrom(ctx: ServiceContext, id: string, after: number, through: number) {
  const rows = await ctx.db
    .select()
    .from(bulkSendRows)
    .where(and(eq(bulkSendRows.bulkSendId, id), gt(bulkSendRows.row, after), lte(bulkSendRows.row, through)))
    .orderBy(asc(bulkSendRows.row));
  return rows;
}

function present(row: typeof bulkSendRows.$inferSelect, byRow: ReadonlyMap<number, BulkProblem[]>): BulkRow {
  return {
    row: row.row,
    cells: row.cells,
    status: row.status,
    problems: byRow.get(row.row) ?? [],
    contractId: row.contractId,
    error: row.error,
  };
}
