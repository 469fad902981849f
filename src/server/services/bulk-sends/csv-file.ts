import { stringify } from 'csv-stringify/sync';

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, a tab or a carriage return
 * first) is written after an apostrophe, so Excel and LibreOffice show it as the text it is
 * (OWASP's advice for CSV injection). Every CSV Pactum writes goes through here.
 */
export function textCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A CSV file as Excel opens it in any language: UTF-8 with a byte-order mark, CRLF, every cell as text. */
export function csvFile(rows: readonly (readonly string[])[]): Buffer {
  const text = stringify(
    rows.map((row) => row.map(textCell)),
    { record_delimiter: '\r\n' },
  );
  return Buffer.from(`\uFEFF${text}`, 'utf8');
}
