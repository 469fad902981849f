import { parse } from 'csv-parse/sync';
import { spreadsheetLimits } from '../../shared/limits';
import { boundedRows, SpreadsheetRefusal, type SpreadsheetRows } from './spreadsheet-rows';

/**
 * A CSV file's rows, as Excel and LibreOffice save them: UTF-8 with or without a byte-order mark
 * ("CSV UTF-8"), UTF-16 ("Unicode text", tab-separated), or the Windows code page of Excel's plain
 * "CSV", which is what a file that is not UTF-8 is read as; separated by commas, by semicolons
 * (Excel where the decimal separator is a comma), or by tabs, told by the header row, or by the
 * `sep=;` line Excel reads and writes; fields quoted with line breaks inside. csv-parse reads it,
 * stopping one record past the row bound, each record at most as long as the bounds allow.
 */
export function csvRows(file: Uint8Array): SpreadsheetRows {
  const { text, encoding } = decoded(file);
  const hinted = /^sep=(.)\r?\n/.exec(text);
  const body = hinted ? text.slice(hinted[0].length) : text;
  const delimiter = hinted?.[1] ?? delimiterOf(body);
  let records: string[][];
  try {
    records = parse(body, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      // The header, the rows allowed and one more: enough to tell a file has too many.
      to: spreadsheetLimits.rows + 2,
      max_record_size: spreadsheetLimits.columns * spreadsheetLimits.cellCharacters,
    });
  } catch (error) {
    const { code, lines } = error as { code?: string; lines?: number };
    if (code === 'CSV_MAX_RECORD_SIZE') {
      throw new SpreadsheetRefusal(
        'tooLarge',
        `Line ${lines ?? '?'} of this file is longer than a row may be (${spreadsheetLimits.columns} columns of ${spreadsheetLimits.cellCharacters.toLocaleString('en')} characters).`,
      );
    }
    throw new SpreadsheetRefusal(
      'invalid',
      `This CSV file cannot be read${lines ? ` past line ${lines}` : ''}: ${(error as Error).message}`,
    );
  }
  return {
    kind: 'csv',
    ...boundedRows(records.map((cells, index) => ({ row: index + 1, cells }))),
    csv: { delimiter, encoding },
  };
}

function decoded(file: Uint8Array): { text: string; encoding: string } {
  const [first, second, third] = file;
  if (first === 0xef && second === 0xbb && third === 0xbf)
    return { text: new TextDecoder('utf-8').decode(file.subarray(3)), encoding: 'utf-8' };
  if (first === 0xff && second === 0xfe)
    return { text: new TextDecoder('utf-16le').decode(file.subarray(2)), encoding: 'utf-16le' };
  if (first === 0xfe && second === 0xff)
    return { text: new TextDecoder('utf-16be').decode(file.subarray(2)), encoding: 'utf-16be' };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(file), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(file), encoding: 'windows-1252' };
  }
}

/** The separator the header row uses most, outside quotes: a comma when it names one column. */
function delimiterOf(text: string): string {
  const counts = new Map<string, number>([
    [',', 0],
    [';', 0],
    ['\t', 0],
  ]);
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, (counts.get(char) ?? 0) + 1);
  }
  let best = ',';
  for (const [delimiter, count] of counts) if (count > (counts.get(best) ?? 0)) best = delimiter;
  return best;
}
