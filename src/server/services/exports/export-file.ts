import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import type { ExportFormat, ExportQuery } from '../../../shared/api/search';
import { searchLimits } from '../../../shared/limits';
import { now } from '../../clock';
import type { ServiceContext } from '../../context';
import { type ExportRow, exportColumns, exportRows } from './export-rows';

export const exportMediaTypes: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The last row of an export that stopped at the cap: a person opening the file reads why. */
export const truncatedNotice = `Only the first ${searchLimits.exported.toLocaleString('en')} contracts are here: narrow the filters to export the rest`;

/**
 * A spreadsheet reads a cell starting with = + - @ (or a tab or carriage return before one) as a
 * formula, which a contract's title must never become: in CSV such a cell starts with an
 * apostrophe, which the spreadsheet shows as text. (The .xlsx file writes every text as a string
 * cell, which is never a formula.)
 */
export function inertCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvStream(truncated: boolean, batches: AsyncGenerator<ExportRow[]>): Readable {
  const records = Readable.from(
    (async function* () {
      for await (const batch of batches) {
        for (const row of batch) {
          yield exportColumns.map(({ key }) => {
            const value = row[key];
            return typeof value === 'string' ? inertCell(value) : value;
          });
        }
      }
      if (truncated) yield [truncatedNotice];
    })(),
  );
  // The byte order mark makes Excel read the file as UTF-8 ("Żółć", not mojibake).
  const csv = stringify({ header: true, columns: exportColumns.map(({ header }) => header), bom: true });
  records.on('error', (error) => csv.destroy(error));
  return records.pipe(csv);
}

function xlsxStream(truncated: boolean, batches: AsyncGenerator<ExportRow[]>): Readable {
  const output = new PassThrough();
  void (async () => {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: output,
      useStyles: false,
      useSharedStrings: false,
    });
    const sheet = workbook.addWorksheet('Contracts');
    sheet.columns = exportColumns.map(({ key, header }) => ({ key, header }));
    for await (const batch of batches) {
      for (const row of batch) sheet.addRow(row).commit();
      // The zip's output waits for whoever reads the file: so does the next batch.
      if (output.writableNeedDrain) await once(output, 'drain');
    }
    if (truncated) sheet.addRow([truncatedNotice]).commit();
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => output.destroy(error as Error));
  return output;
}

/**
 * The filtered contracts as a CSV or .xlsx file, streamed: rows are read a batch at a time as the
 * file is read, so an export of 100,000 rows never sits in memory.
 */
export async function exportContracts(ctx: ServiceContext<'appUrl'>, query: ExportQuery) {
  const { truncated, batches } = await exportRows(ctx, query);
  const stream = query.format === 'xlsx' ? xlsxStream(truncated, batches) : csvStream(truncated, batches);
  const day = now().toISOString().slice(0, 10);
  return {
    stream,
    truncated,
    fileName: `contracts-${day}.${query.format}`,
    contentType: exportMediaTypes[query.format],
  };
}
