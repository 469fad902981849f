import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { readSpreadsheet } from '../../src/server/uploads/read-spreadsheet';
import { spreadsheetLimits } from '../../src/shared/limits';

const fixture = (name: string) => readFileSync(join(import.meta.dirname, '../fixtures/spreadsheets', name));

const recipients = [
  [
    'Zofia Łukasiewicz',
    'zofia@example.pl',
    'Żółć & Syn sp. z o.o.',
    '2027-01-04',
    '8500',
    'Prefers Polish; starts remote',
  ],
  ['Дмитрий Иванов', 'dmitry@example.ru', 'ООО «Ромашка»', '2027-02-01', '9200', 'Line one\nline two'],
  ['Νικόλαος Παπαδόπουλος', 'nikos@example.gr', 'Ελληνική Α.Ε.', '2027-03-15', '7000', 'He said "yes"'],
  ['王小明', 'xiaoming@example.cn', '北京合同有限公司', '2027-04-01', '12000'],
  ['محمد العلي', 'mohammed@example.sa', 'شركة العقود', '2027-05-01', '11000', "=cmd|' /C calc'!A0"],
];

async function read(file: Uint8Array) {
  const outcome = await readSpreadsheet(file);
  if (!outcome.ok) throw new Error(`refused: ${outcome.message}`);
  return outcome;
}
async function refusal(file: Uint8Array) {
  const outcome = await readSpreadsheet(file);
  if (outcome.ok) throw new Error('read, not refused');
  return outcome;
}

describe('reading the rows of a spreadsheet made by a spreadsheet program', () => {
  it('reads a CSV as Excel saves "CSV UTF-8" with semicolons: byte-order mark, quoted line breaks, every script', async () => {
    const sheet = await read(fixture('excel-csv-utf8-semicolons.csv'));
    expect(sheet.csv).toEqual({ delimiter: ';', encoding: 'utf-8' });
    expect(sheet.headers).toEqual([
      'Client name',
      'Client email',
      'Company',
      'Start date',
      'Salary',
      'Notes',
    ]);
    expect(sheet.rows.map((row) => row.cells)).toEqual(recipients);
    expect(sheet.rows.map((row) => row.row)).toEqual([2, 3, 4, 5, 6]);
  });

  it('reads an .xlsx saved by LibreOffice to the same rows, the formula-like text kept as text', async () => {
    const sheet = await read(fixture('libreoffice.xlsx'));
    expect(sheet.kind).toBe('xlsx');
    expect(sheet.headers[0]).toBe('Client name');
    expect(sheet.rows.map((row) => row.cells)).toEqual(recipients);
  });

  it('reads an .xlsx saved by Excel: numbers, a date, a formula as its stored result, a link as its text', async () => {
    const sheet = await read(fixture('excel-cell-kinds.xlsx'));
    expect(sheet.sheet).toBe('Values');
    expect([sheet.headers, ...sheet.rows.map((row) => row.cells)]).toEqual([
      ['Text', 'I am Text'],
      ['Number', '3.14'],
      ['Integer', '5'],
      ['Date', '2016-05-17'],
      ['Formula', 'I am Text'],
      ['Hyperlink', 'exceljs'],
    ]);
  });

  it("reads Excel's plain CSV in the Windows code page", async () => {
    const sheet = await read(fixture('windows-1252.csv'));
    expect(sheet.csv).toEqual({ delimiter: ',', encoding: 'windows-1252' });
    expect(sheet.rows.map((row) => row.cells[0])).toEqual([
      'Jürgen Müller',
      'François Lefèvre',
      'José Núñez',
    ]);
  });

  it('reads tab-separated UTF-16 ("Unicode text"), the sep= line, and leaves empty rows out', async () => {
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('Name\tEmail\r\nŻaneta\tz@example.pl\r\n', 'utf16le'),
    ]);
    expect((await read(utf16)).rows[0]?.cells).toEqual(['Żaneta', 'z@example.pl']);
    const hinted = await read(Buffer.from('sep=;\nName;Email\n\n;\nAnna, Jr.;a@example.com\n\n'));
    expect(hinted.headers).toEqual(['Name', 'Email']);
    expect(hinted.rows.map((row) => row.cells)).toEqual([['Anna, Jr.', 'a@example.com']]);
  });
});

describe('a spreadsheet past a bound, or no spreadsheet, is refused with what to do', () => {
  it('refuses a 50 MB CSV by its size', async () => {
    const refused = await refusal(Buffer.alloc(50 * 1024 * 1024, 'a,b\n'));
    expect(refused.kind).toBe('tooLarge');
    expect(refused.message).toContain('at most 10 MB');
  });

  it('refuses 100,000 rows, as CSV and as .xlsx, naming the 5,000 a batch takes', async () => {
    const csv = await refusal(Buffer.from(`Name,Email\n${'Anna,a@example.com\n'.repeat(100_000)}`));
    expect(csv.kind).toBe('tooLarge');
    expect(csv.message).toContain('at most 5,000');
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Rows');
    sheet.addRow(['Name', 'Email']);
    for (let row = 0; row < 100_000; row++) sheet.addRow(['Anna', 'a@example.com']);
    const xlsx = await refusal(new Uint8Array(await workbook.xlsx.writeBuffer()));
    expect(xlsx.message).toMatch(/100,001 rows; a batch takes at most 5,000/);
  }, 60_000);

  it('stops an .xlsx zip bomb at the unpacked bound, whatever it holds', async () => {
    const bomb = zipSync(
      {
        '[Content_Types].xml': new TextEncoder().encode('<Types/>'),
        'xl/workbook.xml': new TextEncoder().encode('<workbook/>'),
        'xl/worksheets/sheet1.xml': new Uint8Array(200 * 1024 * 1024).fill(0x20),
      },
      { level: 9 },
    );
    expect(bomb.byteLength).toBeLessThan(spreadsheetLimits.fileBytes);
    const refused = await refusal(bomb);
    expect(refused.kind).toBe('tooLarge');
    expect(refused.message).toContain('more than 64 MB when unpacked');
  }, 60_000);

  it('refuses a cell longer than a cell may be, naming its row and column', async () => {
    const refused = await refusal(Buffer.from(`Name,Note\nAnna,${'x'.repeat(10_001)}\n`));
    expect(refused.message).toBe('Row 2, column B holds 10,001 characters; a cell may hold at most 10,000.');
  });

  it('refuses a sheet nested deeper than any spreadsheet', async () => {
    const deep = `<worksheet>${'<x>'.repeat(5_000)}${'</x>'.repeat(5_000)}</worksheet>`;
    const zip = zipSync({
      'xl/workbook.xml': new TextEncoder().encode('<workbook/>'),
      'xl/worksheets/sheet1.xml': new TextEncoder().encode(deep),
    });
    expect((await refusal(zip)).message).toContain('nested more than 32 levels deep');
  });

  it('tells other kinds of files from spreadsheets', async () => {
    const pdf = await refusal(Buffer.from('%PDF-1.7\n'));
    expect([pdf.kind, pdf.message]).toEqual([
      'notSpreadsheet',
      'This is a PDF file. Upload a CSV or .xlsx file.',
    ]);
    const xls = await refusal(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]));
    expect(xls.message).toContain('older Excel file (.xls)');
    const ods = await refusal(
      zipSync({ mimetype: new TextEncoder().encode('application/vnd.oasis.opendocument.spreadsheet') }),
    );
    expect(ods.kind).toBe('notSpreadsheet');
    const damaged = await refusal(fixture('libreoffice.xlsx').subarray(0, 3_000));
    expect([damaged.kind, damaged.message]).toEqual([
      'invalid',
      'This .xlsx file is damaged: its parts cannot be found.',
    ]);
    expect((await refusal(new Uint8Array())).message).toBe('This file is empty.');
    expect((await refusal(Buffer.from('\n\n  \n'))).message).toContain('no rows');
  });
});
