// What a spreadsheet of rows (a bulk send's) is, for the server and the web app alike. No zod here.

/** The media types a bulk send's file is sent as: the server tells CSV from .xlsx by its bytes. */
export const spreadsheetMediaTypes = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

/** The media type to send a chosen file as, by its name (browsers give CSV files several). */
export function spreadsheetMediaTypeOf(fileName: string): string {
  return /\.xlsx$/i.test(fileName) ? spreadsheetMediaTypes.xlsx : spreadsheetMediaTypes.csv;
}
