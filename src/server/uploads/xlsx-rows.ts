import type { CellValue } from 'exceljs';
import { zipSync } from 'fflate';
import { formatCount, spreadsheetLimits } from '../../shared/limits';
import { nestsDeeperThan } from '../docx/xml-depth';
import { boundedRows, SpreadsheetRefusal, type SpreadsheetRows, tooLarge } from './spreadsheet-rows';
import { listZipEntries, readZipEntry, type ZipProblem, ZipRefusal } from './zip-entries';

/** Parts of a workbook the rows need: the sheets and their links, their strings, styles (which numbers are dates). */
const wanted =
  /^(\[Content_Types\]\.xml|_rels\/\.rels|xl\/(workbook\.xml|_rels\/workbook\.xml\.rels|sharedStrings\.xml|styles\.xml|worksheets\/[^/]+\.xml|worksheets\/_rels\/[^/]+\.xml\.rels))$/;
/** How deep a sheet's XML nests: worksheet, sheetData, row, c, is, r, t is seven. */
const xmlDepth = 32;
/** Cells in the sheet read: 5,000 rows of 50 columns. ExcelJS keeps an object for each. */
const maxCells = 250_000;

/**
 * The rows of an .xlsx workbook's first visible sheet, as Excel and LibreOffice save one. Only its
 * XML parts are inflated, each through the capped inflater (zip-entries.ts), so a zip bomb stops at
 * `spreadsheetLimits.unpackedBytes` whatever its headers claim; rows and cells are counted in the
 * sheet's XML before ExcelJS, which builds an object per cell, is given the parts, packed again
 * without pictures, macros or anything else. A formula is never evaluated: its cell reads as the
 * value Excel last computed and stored.
 */
export async function xlsxRows(file: Uint8Array): Promise<SpreadsheetRows> {
  const parts = unpacked(Buffer.from(file.buffer, file.byteOffset, file.byteLength));
  if (!parts['xl/workbook.xml']) {
    throw new SpreadsheetRefusal(
      'notSpreadsheet',
      'This zip file is not an Excel workbook: it has no xl/workbook.xml. Save it as .xlsx or CSV.',
    );
  }
  // Loaded when a workbook comes: the thread that inspects PDFs never needs it.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(zipSync(parts, { level: 0 }) as unknown as ArrayBuffer);
  } catch (error) {
    throw new SpreadsheetRefusal('invalid', `This .xlsx file cannot be read: ${(error as Error).message}`);
  }
  const sheet = workbook.worksheets.find((candidate) => candidate.state === 'visible');
  if (!sheet) throw new SpreadsheetRefusal('invalid', 'This workbook has no visible sheet.');
  const read: { row: number; cells: string[] }[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, number) => {
    const cells: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellText(cell.value);
    });
    read.push({ row: number, cells: Array.from(cells, (cell) => cell ?? '') });
  });
  return { kind: 'xlsx', ...boundedRows(read), sheet: sheet.name };
}

function unpacked(zip: Buffer): Record<string, Uint8Array> {
  try {
    const parts: Record<string, Uint8Array> = {};
    let budget: number = spreadsheetLimits.unpackedBytes;
    for (const entry of listZipEntries(zip, spreadsheetLimits.entries)) {
      if (!wanted.test(entry.name)) continue;
      const bytes = readZipEntry(zip, entry, budget);
      budget -= bytes.length;
      const text = bytes.toString('utf8');
      if (nestsDeeperThan(text, xmlDepth)) {
        throw tooLarge(
          `This workbook's ${entry.name} is nested more than ${xmlDepth} levels deep; a spreadsheet never is.`,
        );
      }
      if (entry.name.startsWith('xl/worksheets/')) refuseLargeSheet(text);
      parts[entry.name] = bytes;
    }
    return parts;
  } catch (error) {
    throw error instanceof ZipRefusal ? xlsxRefusalOf(error.problem) : error;
  }
}

/** Counts the rows and cells of a sheet's XML (with or without a namespace prefix) against the bounds. */
function refuseLargeSheet(xml: string): void {
  const rows = xml.match(/<(?:\w+:)?row[\s>/]/g)?.length ?? 0;
  if (rows > spreadsheetLimits.rows + 1) {
    throw tooLarge(
      `This workbook has a sheet of ${formatCount(rows)} rows; a batch takes at most ${formatCount(spreadsheetLimits.rows)}. Split it into smaller files.`,
    );
  }
  const cells = xml.match(/<(?:\w+:)?c[\s>/]/g)?.length ?? 0;
  if (cells > maxCells) {
    throw tooLarge(
      `This workbook has a sheet of ${formatCount(cells)} cells; at most ${formatCount(maxCells)} are read (5,000 rows of 50 columns).`,
    );
  }
}

const invalid = (message: string) => new SpreadsheetRefusal('invalid', message);

function xlsxRefusalOf(problem: ZipProblem): SpreadsheetRefusal {
  switch (problem.kind) {
    case 'damaged':
      return invalid('This .xlsx file is damaged: its parts cannot be found.');
    case 'zip64':
      return tooLarge('This file is too large to be a spreadsheet of rows (a zip64 archive).');
    case 'entries':
      return tooLarge(
        `This file holds ${formatCount(problem.count)} parts; a workbook has far fewer (at most ${formatCount(problem.max)} are read).`,
      );
    case 'encrypted':
      return invalid('This workbook is password-protected. Remove the password and try again.');
    case 'compression':
      return invalid(`This .xlsx file uses an unknown compression (method ${problem.method}).`);
    case 'expands':
      return tooLarge(
        `This file expands to more than ${Math.round(spreadsheetLimits.unpackedBytes / 1024 / 1024)} MB when unpacked: it is not an ordinary spreadsheet.`,
      );
  }
}

/** A cell as the text it shows: dates as ISO dates, a formula as its stored result, links as their text. */
export function cellText(value: CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return isoDate(value);
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('hyperlink' in value) return cellText(value.text as CellValue);
  if ('formula' in value || 'sharedFormula' in value)
    return cellText((value as { result?: CellValue }).result);
  if ('error' in value) return String(value.error);
  return '';
}

/** Excel keeps dates without a zone; ExcelJS reads them as UTC. A date alone has no time. */
function isoDate(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const iso = date.toISOString();
  return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10) : iso.slice(0, 16);
}
