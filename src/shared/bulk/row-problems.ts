import { emailSchema } from '../api/common';
import { prefillProblem } from '../fields';
import { mergeFieldLimits } from '../limits';
import { type BulkColumn, type BulkField, type BulkPrefill, type BulkRole, targetOf } from './column-mapping';

/** Something to fix before a batch is sent: in the mapping (`row` null) or in one row's cell. */
export type BulkProblem = { row: number | null; column: number | null; message: string };

export type BulkSheet = { headers: string[]; rows: { row: number; cells: string[] }[] };

export type BulkTemplate = {
  /** The roles each row gives a person for (those the template leaves to each contract). */
  roles: BulkRole[];
  /** The merge fields each row fills (those the template leaves empty). */
  fields: BulkField[];
  /** The fields on the template's PDFs a row may prefill (an empty cell prefills nothing). */
  prefills?: BulkPrefill[];
};

const nameLimit = 200;

/**
 * Every problem of a batch before it is sent, in the order of the file: the mapping first (a role
 * without its name or address column, a merge field no column fills, two columns filling one
 * thing), then each row (a name or value missing or too long, an address that is none, one
 * person for two roles, a row that repeats an earlier one). Linear in the cells: a file of 5,000 rows is checked at once.
 */
export function bulkProblems(sheet: BulkSheet, mapping: BulkColumn[], template: BulkTemplate): BulkProblem[] {
  const problems = mappingProblems(sheet, mapping, template);
  const firstOf = new Map<string, number>();
  const labelOf = (column: BulkColumn) => label(column, template);
  for (const { row, cells } of sheet.rows) {
    mapping.forEach((column, index) => {
      const message = cellProblem(column, cells[index] ?? '', labelOf(column), template);
      if (message) problems.push({ row, column: index, message });
    });
    problems.push(...sharedAddresses(row, mapping, cells, labelOf));
    const identity = JSON.stringify(
      mapping.map((column, index) =>
        column.kind === 'ignore' ? '' : normalized(column, cells[index] ?? ''),
      ),
    );
    const earlier = firstOf.get(identity);
    if (earlier === undefined) firstOf.set(identity, row);
    else problems.push({ row, column: null, message: `Row ${row} repeats row ${earlier}` });
  }
  return problems;
}

/** One address given for two roles of a row: a contract's recipients are distinct people. */
function sharedAddresses(
  row: number,
  mapping: BulkColumn[],
  cells: string[],
  labelOf: (column: BulkColumn) => string,
): BulkProblem[] {
  const problems: BulkProblem[] = [];
  const seen = new Map<string, BulkColumn>();
  mapping.forEach((column, index) => {
    if (column.kind !== 'roleEmail') return;
    const address = (cells[index] ?? '').trim().toLowerCase();
    if (address === '') return;
    const earlier = seen.get(address);
    if (earlier) {
      problems.push({
        row,
        column: index,
        message: `${labelOf(column)} is also ${labelOf(earlier)}: each role needs a person of its own`,
      });
    } else seen.set(address, column);
  });
  return problems;
}

/** What is wrong with one cell of a row, or null. */
function cellProblem(
  column: BulkColumn,
  value: string,
  label: string,
  template: BulkTemplate,
): string | null {
  if (column.kind === 'ignore') return null;
  if (column.kind === 'prefill') {
    const field = template.prefills?.find((candidate) => candidate.id === column.field);
    if (!field) return `${label} is no longer a field of the template`;
    const problem = value === '' ? null : prefillProblem(field.type, value, field.options);
    return problem && `${label}: ${problem}`;
  }
  if (value === '') return `${label} is empty`;
  if (column.kind === 'roleName' && value.length > nameLimit)
    return `${label} is longer than ${nameLimit} characters`;
  if (column.kind === 'roleEmail' && !emailSchema.safeParse(value).success)
    return `${label} "${value}" is not an e-mail address`;
  if (column.kind === 'field' && value.length > mergeFieldLimits.value)
    return `${label} is longer than ${mergeFieldLimits.value} characters`;
  return null;
}

/** Addresses compare without case; everything else as written. */
const normalized = (column: BulkColumn, value: string) =>
  column.kind === 'roleEmail' ? value.toLowerCase() : value;

function mappingProblems(sheet: BulkSheet, mapping: BulkColumn[], template: BulkTemplate): BulkProblem[] {
  const problems: BulkProblem[] = [];
  const mapped = new Map<string, number>();
  mapping.forEach((column, index) => {
    if (column.kind === 'ignore') return;
    const missing = missingTarget(column, template);
    if (missing) {
      problems.push({
        row: null,
        column: index,
        message: `Column "${sheet.headers[index] ?? ''}" gives ${missing}`,
      });
      return;
    }
    const target = targetOf(column);
    const earlier = mapped.get(target);
    if (earlier !== undefined) {
      problems.push({
        row: null,
        column: index,
        message: `Columns "${sheet.headers[earlier] ?? ''}" and "${sheet.headers[index] ?? ''}" both give ${label(column, template)}`,
      });
    } else mapped.set(target, index);
  });
  for (const role of template.roles) {
    for (const kind of ['roleName', 'roleEmail'] as const) {
      const column: BulkColumn = { kind, role: role.number };
      if (!mapped.has(targetOf(column)))
        problems.push({ row: null, column: null, message: `No column gives ${label(column, template)}` });
    }
  }
  for (const field of template.fields) {
    const column: BulkColumn = { kind: 'field', key: field.key };
    if (!mapped.has(targetOf(column)))
      problems.push({ row: null, column: null, message: `No column gives ${label(column, template)}` });
  }
  return problems;
}

/**
 * What a column names that the template does not leave to each contract, or null: a role it
 * fixes (or has not), a merge field it fills (or has not). Such a column would replace the
 * template's own recipient or value, which a row may not (the JSON rows are refused the same).
 * A prefill is checked per cell, as its field may be removed from the template.
 */
function missingTarget(column: BulkColumn, template: BulkTemplate): string | null {
  if (
    (column.kind === 'roleName' || column.kind === 'roleEmail') &&
    !template.roles.some((role) => role.number === column.role)
  )
    return `role ${column.role}, which the template does not leave to each contract`;
  if (column.kind === 'field' && !template.fields.some((field) => field.key === column.key))
    return `"${column.key}", which is not a merge field the template leaves empty`;
  return null;
}

/** What a column gives, as the sender reads it: "Client's name", "Client's e-mail address", "Start date". */
function label(column: BulkColumn, template: BulkTemplate): string {
  const roleName = (number: number) =>
    template.roles.find((role) => role.number === number)?.name ?? `Role ${number}`;
  switch (column.kind) {
    case 'roleName':
      return `${roleName(column.role)}'s name`;
    case 'roleEmail':
      return `${roleName(column.role)}'s e-mail address`;
    case 'field':
      return template.fields.find((field) => field.key === column.key)?.label ?? column.key;
    case 'prefill':
      return template.prefills?.find((field) => field.id === column.field)?.label ?? 'A field';
    case 'ignore':
      return '';
  }
}
