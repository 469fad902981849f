import { formatCount, spreadsheetLimits } from '../../shared/limits';
import { DocumentRefusal } from '../workers/document-outcome';

/** A spreadsheet as rows of text: its header row, and each row below it with its number in the file. */
export type SpreadsheetRows = {
  kind: 'csv' | 'xlsx';
  headers: string[];
  rows: { row: number; cells: string[] }[];
  /** How a CSV was read: its delimiter and text encoding. */
  csv?: { delimiter: string; encoding: string };
  /** The sheet an .xlsx's rows come from. */
  sheet?: string;
};

/**
 * Why a spreadsheet is not read: past a bound (`tooLarge`, 413), another kind of file
 * (`notSpreadsheet`, 415), or one that is broken (`invalid`, 400). The message is shown as it is.
 */
export type SpreadsheetRefusalKind = 'tooLarge' | 'notSpreadsheet' | 'invalid';

export class SpreadsheetRefusal extends DocumentRefusal<SpreadsheetRefusalKind> {
  override readonly name = 'SpreadsheetRefusal';
}

/** Refuses a file past one of the bounds, naming it. */
export const tooLarge = (message: string) => new SpreadsheetRefusal('tooLarge', message);

/**
 * The rows as read (each a list of cell texts, the first the header), held to the bounds and with
 * empty rows left out: Excel and LibreOffice keep formatted empty rows, and a CSV often ends with
 * a few blank lines. Trailing empty cells go too, so a row is as long as its last value.
 */
export function boundedRows(
  read: { row: number; cells: string[] }[],
): Pick<SpreadsheetRows, 'headers' | 'rows'> {
  const kept = read
    .map(({ row, cells }) => ({ row, cells: withoutTrailingEmpties(cells.map(cleanCell)) }))
    .filter(({ cells }) => cells.length > 0);
  const [header, ...rows] = kept;
  if (!header)
    throw new SpreadsheetRefusal('invalid', 'This file has no rows: the first row should name the columns.');
  if (rows.length > spreadsheetLimits.rows) {
    throw tooLarge(
      `This file has ${formatCount(rows.length)} rows or more; a batch takes at most ${formatCount(spreadsheetLimits.rows)}. Split it into smaller files.`,
    );
  }
  for (const { row, cells } of kept) {
    if (cells.length > spreadsheetLimits.columns) {
      throw tooLarge(
        `Row ${row} has ${formatCount(cells.length)} columns; at most ${spreadsheetLimits.columns} are read.`,
      );
    }
    const long = cells.findIndex((cell) => cell.length > spreadsheetLimits.cellCharacters);
    if (long >= 0) {
      throw tooLarge(
        `Row ${row}, column ${columnName(long)} holds ${formatCount(cells[long]?.length ?? 0)} characters; a cell may hold at most ${formatCount(spreadsheetLimits.cellCharacters)}.`,
      );
    }
  }
  return { headers: header.cells, rows };
}

function withoutTrailingEmpties(cells: string[]): string[] {
  let end = cells.length;
  while (end > 0 && cells[end - 1] === '') end -= 1;
  return cells.slice(0, end);
}

/** A column as a spreadsheet names it: A, B, … Z, AA, AB. */
export function columnName(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26))
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  return name;
}

/** A cell's text without the spaces around it, its line breaks as one newline whatever wrote them. */
const cleanCell = (cell: string) => cell.replace(/\r\n?/g, '\n').trim();
