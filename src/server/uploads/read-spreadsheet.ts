import { formatCount, spreadsheetLimits } from '../../shared/limits';
import type { DocumentOutcome } from '../workers/document-outcome';
import { csvRows } from './csv-rows';
import { fileSignatureOf } from './file-signature';
import { SpreadsheetRefusal, type SpreadsheetRefusalKind, type SpreadsheetRows } from './spreadsheet-rows';
import { xlsxRows } from './xlsx-rows';

export type SpreadsheetReading = DocumentOutcome<SpreadsheetRows, SpreadsheetRefusalKind>;

/**
 * The rows of an uploaded spreadsheet (in the upload thread): an .xlsx workbook (a zip) or a CSV
 * file, told by its first bytes, not by its name. An old .xls, an OpenDocument sheet or a PDF is
 * refused with what to save it as; so is a file past a bound, naming it.
 */
export async function readSpreadsheet(file: Uint8Array): Promise<SpreadsheetReading> {
  try {
    return { ok: true, ...(await rowsOf(file)) };
  } catch (error) {
    if (error instanceof SpreadsheetRefusal) return { ok: false, kind: error.kind, message: error.message };
    throw error;
  }
}

async function rowsOf(file: Uint8Array): Promise<SpreadsheetRows> {
  if (file.byteLength > spreadsheetLimits.fileBytes) {
    throw new SpreadsheetRefusal(
      'tooLarge',
      `This file is ${formatCount(Math.ceil(file.byteLength / 1024 / 1024))} MB; a spreadsheet of rows may be at most ${spreadsheetLimits.fileBytes / 1024 / 1024} MB.`,
    );
  }
  const signature = fileSignatureOf(file);
  if (signature === 'pdf')
    throw new SpreadsheetRefusal('notSpreadsheet', 'This is a PDF file. Upload a CSV or .xlsx file.');
  if (signature === 'ole') {
    throw new SpreadsheetRefusal(
      'notSpreadsheet',
      'This is an older Excel file (.xls) or a password-protected workbook. Save it as .xlsx or CSV without a password.',
    );
  }
  if (signature === 'zip') return xlsxRows(file);
  if (file.byteLength === 0) throw new SpreadsheetRefusal('invalid', 'This file is empty.');
  return csvRows(file);
}
