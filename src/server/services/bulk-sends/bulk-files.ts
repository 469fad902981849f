import type { BulkColumn } from '../../../shared/bulk/column-mapping';
import type { BulkTemplate } from '../../../shared/bulk/row-problems';
import type { ServiceContext } from '../../context';
import { findOwnBulkSend } from '../../policies/scope';
import { problemsOf, sheetOf } from './batch-rows';
import { bulkTemplateOf } from './bulk-template';
import { csvFile } from './csv-file';
import { templateOfBatch } from './get-bulk-send';

/**
 * The file a sender fills for a bulk send of this template: a column for each role's name and
 * e-mail address, for each merge field and for each field on its PDFs that may be prefilled (left
 * empty, it is not), named as the mapping recognises them, and one example row to overwrite.
 */
export async function bulkSampleFile(ctx: ServiceContext, templateId: string) {
  const template = await bulkTemplateOf(ctx.db, ctx.actor, templateId);
  const columns = sampleColumns(template);
  return {
    bytes: csvFile([columns.map((column) => column.header), columns.map((column) => column.example)]),
    fileName: `${fileStem(template.template.title)} - bulk send.csv`,
  };
}

function sampleColumns(template: BulkTemplate): { header: string; example: string; column: BulkColumn }[] {
  const columns: { header: string; example: string; column: BulkColumn }[] = [];
  for (const role of template.roles) {
    const slug =
      role.name
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '.')
        .replace(/^\.|\.$/g, '') || 'person';
    columns.push(
      {
        header: `${role.name} name`,
        example: `${role.name} Example`,
        column: { kind: 'roleName', role: role.number },
      },
      {
        header: `${role.name} email`,
        example: `${slug}@example.com`,
        column: { kind: 'roleEmail', role: role.number },
      },
    );
  }
  for (const field of template.fields) {
    columns.push({ header: field.label, example: '', column: { kind: 'field', key: field.key } });
  }
  for (const field of template.prefills ?? []) {
    columns.push({ header: field.label, example: '', column: { kind: 'prefill', field: field.id } });
  }
  return columns;
}

/**
 * The rows with problems, as a CSV to correct and upload again: the file's own columns, then what
 * is wrong with each row (every cell kept as text: a formula in a cell is never run by whoever
 * opens it).
 */
export async function bulkProblemsFile(ctx: ServiceContext, id: string) {
  const batch = await findOwnBulkSend(ctx.db, ctx.actor, id);
  const sheet = await sheetOf(ctx.db, batch);
  const problems = problemsOf(batch, sheet, await templateOfBatch(ctx.db, ctx.actor, batch));
  const byRow = new Map<number, string[]>();
  for (const problem of problems) {
    if (problem.row === null) continue;
    const column = problem.column === null ? '' : `${batch.headers[problem.column] ?? ''}: `;
    byRow.set(problem.row, [...(byRow.get(problem.row) ?? []), `${column}${problem.message}`]);
  }
  const rows = sheet.rows.filter((row) => byRow.has(row.row));
  return {
    bytes: csvFile([
      ['Row', ...batch.headers, 'Problems'],
      ...rows.map((row) => [
        String(row.row),
        ...batch.headers.map((_header, index) => row.cells[index] ?? ''),
        (byRow.get(row.row) ?? []).join('; '),
      ]),
    ]),
    fileName: `${fileStem(batch.fileName.replace(/\.(csv|xlsx)$/i, ''))} - problems.csv`,
  };
}

/** A name safe to offer as a file's (no path, no control characters), at most 100 characters. */
function fileStem(name: string): string {
  return (
    name
      .replace(/[\p{Cc}\\/:*?"<>|]+/gu, ' ')
      .trim()
      .slice(0, 100) || 'bulk send'
  );
}
