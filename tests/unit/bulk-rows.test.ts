import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readSpreadsheet } from '../../src/server/uploads/read-spreadsheet';
import { suggestMapping } from '../../src/shared/bulk/column-mapping';
import { bulkProblems } from '../../src/shared/bulk/row-problems';

const template = {
  roles: [
    { number: 1, name: 'Client' },
    { number: 2, name: 'Witness' },
  ],
  fields: [
    { key: 'company', label: 'Company' },
    { key: 'startDate', label: 'Start date' },
  ],
};

describe('mapping a spreadsheet onto a template', () => {
  it('suggests columns by role and field, whatever their case, accents and punctuation', () => {
    expect(
      suggestMapping(
        [
          'Client name',
          'CLIENT E-MAIL',
          'Company',
          'start_date',
          'Witness',
          'Witness e-mail address',
          'Salary',
          'company',
        ],
        template.roles,
        template.fields,
      ),
    ).toEqual([
      { kind: 'roleName', role: 1 },
      { kind: 'roleEmail', role: 1 },
      { kind: 'field', key: 'company' },
      { kind: 'field', key: 'startDate' },
      { kind: 'roleName', role: 2 },
      { kind: 'roleEmail', role: 2 },
      { kind: 'ignore' },
      // The second column naming the company is left for the sender to map.
      { kind: 'ignore' },
    ]);
    expect(
      suggestMapping(
        ['Nom', 'Name', 'E-mail', 'Société'],
        [{ number: 1, name: 'Signer' }],
        [{ key: 'societe', label: 'Société' }],
      ),
    ).toEqual([
      { kind: 'ignore' },
      { kind: 'roleName', role: 1 },
      { kind: 'roleEmail', role: 1 },
      { kind: 'field', key: 'societe' },
    ]);
  });

  it("checks every row of Excel's CSV against the mapping, and lists each problem by row and column", async () => {
    const read = await readSpreadsheet(
      readFileSync(join(import.meta.dirname, '../fixtures/spreadsheets/excel-csv-utf8-semicolons.csv')),
    );
    if (!read.ok) throw new Error(read.message);
    const sheet = {
      headers: read.headers,
      rows: [
        ...read.rows,
        { row: 7, cells: ['', 'not-an-address', 'Acme', ''] },
        // The first row again, its address in capitals: still the same person.
        {
          row: 8,
          cells: read.rows[0]?.cells.map((cell, index) => (index === 1 ? cell.toUpperCase() : cell)) ?? [],
        },
      ],
    };
    const one = { roles: [template.roles[0] ?? { number: 1, name: 'Client' }], fields: template.fields };
    const mapping = suggestMapping(sheet.headers, one.roles, one.fields);
    expect(mapping.map((column) => column.kind)).toEqual([
      'roleName',
      'roleEmail',
      'field',
      'field',
      'ignore',
      'ignore',
    ]);
    expect(bulkProblems(sheet, mapping, one)).toEqual([
      { row: 7, column: 0, message: "Client's name is empty" },
      { row: 7, column: 1, message: `Client's e-mail address "not-an-address" is not an e-mail address` },
      { row: 7, column: 3, message: 'Start date is empty' },
      { row: 8, column: null, message: 'Row 8 repeats row 2' },
    ]);
  });

  it('says what the mapping leaves out or gives twice before any row', () => {
    const sheet = { headers: ['Client name', 'Name of client'], rows: [{ row: 2, cells: ['Ann', 'Ann'] }] };
    const problems = bulkProblems(
      sheet,
      [
        { kind: 'roleName', role: 1 },
        { kind: 'roleName', role: 1 },
      ],
      template,
    );
    expect(problems.filter((problem) => problem.row === null).map((problem) => problem.message)).toEqual([
      `Columns "Client name" and "Name of client" both give Client's name`,
      "No column gives Client's e-mail address",
      "No column gives Witness's name",
      "No column gives Witness's e-mail address",
      'No column gives Company',
      'No column gives Start date',
    ]);
  });

  it('refuses one person for two roles of a row, whatever the case of the address', () => {
    const headers = ['Client name', 'Client email', 'Witness name', 'Witness email', 'Company', 'Start date'];
    const mapping = suggestMapping(headers, template.roles, template.fields);
    const problems = bulkProblems(
      {
        headers,
        rows: [
          { row: 2, cells: ['Ann', 'ann@example.com', 'Wes', 'wes@example.com', 'Acme', '2027'] },
          { row: 3, cells: ['Bo', 'bo@example.com', 'Bo', 'BO@Example.com ', 'Acme', '2027'] },
        ],
      },
      mapping,
      template,
    );
    expect(problems).toEqual([
      {
        row: 3,
        column: 3,
        message:
          "Witness's e-mail address is also Client's e-mail address: each role needs a person of its own",
      },
    ]);
  });

  it("checks a prefill against its field's kind, and lets an empty cell prefill nothing", () => {
    const prefills = [
      { id: 'f1', label: 'Delivery date', type: 'date' as const, options: {} },
      { id: 'f2', label: 'Plan', type: 'dropdown' as const, options: { choices: ['Basic', 'Pro'] } },
    ];
    const headers = ['Name', 'Email', 'Delivery date', 'Plan'];
    const one = { roles: [{ number: 1, name: 'Client' }], fields: [], prefills };
    const mapping = suggestMapping(headers, one.roles, one.fields, prefills);
    expect(mapping.slice(2)).toEqual([
      { kind: 'prefill', field: 'f1' },
      { kind: 'prefill', field: 'f2' },
    ]);
    const problems = bulkProblems(
      {
        headers,
        rows: [
          { row: 2, cells: ['Ann', 'ann@example.com', '2027-03-01', 'Pro'] },
          { row: 3, cells: ['Bo', 'bo@example.com', '', ''] },
          { row: 4, cells: ['Cy', 'cy@example.com', '1 March', 'Gold'] },
        ],
      },
      mapping,
      one,
    );
    expect(problems.map((problem) => [problem.row, problem.message])).toEqual([
      [4, 'Delivery date: a date is written YYYY-MM-DD'],
      [4, 'Plan: its value is not one of its choices'],
    ]);
  });

  it('bounds names and values, and checks 5,000 rows at once', () => {
    const one = { roles: [{ number: 1, name: 'Client' }], fields: [{ key: 'note', label: 'Note' }] };
    const mapping = suggestMapping(['Name', 'Email', 'Note'], one.roles, one.fields);
    const rows = Array.from({ length: 5_000 }, (_, index) => ({
      row: index + 2,
      cells: [`Client ${index}`, `client${index}@example.com`, index === 10 ? 'x'.repeat(501) : 'ok'],
    }));
    rows.push({ row: 5_002, cells: ['N'.repeat(201), 'n@example.com', 'ok'] });
    const started = performance.now();
    const problems = bulkProblems({ headers: ['Name', 'Email', 'Note'], rows }, mapping, one);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(problems).toEqual([
      { row: 12, column: 2, message: 'Note is longer than 500 characters' },
      { row: 5_002, column: 0, message: "Client's name is longer than 200 characters" },
    ]);
  });
});
