import { asc, eq } from 'drizzle-orm';
import type { BulkProblem, BulkSheet, BulkTemplate } from '../../../shared/bulk/row-problems';
import { bulkProblems } from '../../../shared/bulk/row-problems';
import type { Database } from '../../db/client';
import { type BulkSendRow, bulkSendRows } from '../../db/schema';

/** A batch's rows in the order of the file, as the checks read them. */
export async function sheetOf(db: Database, batch: BulkSendRow): Promise<BulkSheet> {
  const rows = await db
    .select({ row: bulkSendRows.row, cells: bulkSendRows.cells })
    .from(bulkSendRows)
    .where(eq(bulkSendRows.bulkSendId, batch.id))
    .orderBy(asc(bulkSendRows.row));
  return { headers: batch.headers, rows };
}

/** Every problem of a batch being checked, against its template as it is now (none once it is sent). */
export function problemsOf(
  batch: BulkSendRow,
  sheet: BulkSheet,
  template: BulkTemplate | null,
): BulkProblem[] {
  if (batch.status !== 'checking') return [];
  if (!template) return [{ row: null, column: null, message: 'The template of this bulk send was deleted' }];
  return bulkProblems(sheet, batch.mapping, template);
}
