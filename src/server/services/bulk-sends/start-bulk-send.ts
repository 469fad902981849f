import { and, count, eq } from 'drizzle-orm';
import type { CreateBulkSendInput } from '../../../shared/api/bulk-sends';
import { type BulkColumn, suggestMapping } from '../../../shared/bulk/column-mapping';
import type { BulkSheet, BulkTemplate } from '../../../shared/bulk/row-problems';
import { bulkProblems } from '../../../shared/bulk/row-problems';
import { AppError } from '../../../shared/errors';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/client';
import { bulkSendRows, bulkSends, type ContractRow, organizations } from '../../db/schema';
import { findOwnProject } from '../../policies/scope';
import { authorOf } from '../history/author-of';
import { bulkTemplateOf } from './bulk-template';
import { queueRows } from './send-bulk-send';

/** Batches an organization may keep unsent: each holds up to 10 MB of rows until it is sent or discarded. */
export const maxCheckingBatches = 20;

/**
 * Rows written per statement. Building a statement and (on the embedded database) running it
 * holds the event loop: 1,000 rows at once held it 200 ms; 200 keep each hold short, and other
 * requests are answered between them.
 */
const rowsPerInsert = 200;

type NewBatch = {
  template: ContractRow;
  projectId: string | undefined;
  fileName: string;
  source: 'csv' | 'xlsx' | 'api';
  sheet: BulkSheet;
  mapping: BulkColumn[];
};

/**
 * Starts a bulk send from an uploaded spreadsheet: read in the upload thread (CSV or .xlsx,
 * bounded; a refusal names the bound), its columns mapped onto the template by their headers,
 * and kept to be checked, corrected and sent.
 */
export async function uploadBulkSend(
  ctx: ServiceContext<'uploads'>,
  templateId: string,
  file: Buffer,
  query: { fileName: string; projectId?: string | undefined },
): Promise<string> {
  const { template, roles, fields, prefills } = await bulkTemplateOf(ctx.db, ctx.actor, templateId);
  if (query.projectId) await findOwnProject(ctx.db, ctx.actor, query.projectId, { field: 'projectId' });
  const sheet = await ctx.uploads.readSpreadsheet(file, ctx.actor.organizationId);
  return storeBatch(ctx.db, ctx, {
    template,
    projectId: query.projectId,
    fileName: query.fileName,
    source: sheet.kind,
    sheet,
    mapping: suggestMapping(sheet.headers, roles, fields, prefills),
  });
}

/**
 * Starts a bulk send from rows given as JSON: a column for each role's name and address, for
 * each merge field and for each field that may be prefilled, so it is checked, shown and sent as an uploaded one is. With `send`, it is
 * sent at once, in the same transaction, or refused with its first problem and nothing kept.
 */
export async function createBulkSend(ctx: ServiceContext, input: CreateBulkSendInput): Promise<string> {
  const bulk = await bulkTemplateOf(ctx.db, ctx.actor, input.templateId);
  if (input.projectId) await findOwnProject(ctx.db, ctx.actor, input.projectId, { field: 'projectId' });
  const { headers, mapping } = columnsOf(bulk);
  const sheet: BulkSheet = {
    headers,
    rows: input.rows.map((given, index) => ({ row: index + 2, cells: cellsOf(bulk, given, index) })),
  };
  const batch: NewBatch = {
    template: bulk.template,
    projectId: input.projectId,
    fileName: 'API',
    source: 'api',
    sheet,
    mapping,
  };
  if (!input.send) return storeBatch(ctx.db, ctx, batch);
  const [problem] = bulkProblems(sheet, mapping, bulk);
  if (problem) {
    const at = problem.row === null ? 'rows' : `rows.${problem.row - 2}`;
    throw new AppError(
      'INVALID_INPUT',
      problem.row === null ? problem.message : `Row ${problem.row - 1}: ${problem.message}`,
      at,
    );
  }
  return ctx.db.transaction(async (tx) => {
    const id = await storeBatch(tx, ctx, batch);
    await queueRows(tx, ctx.actor, id);
    return id;
  });
}

/** The columns of a JSON batch: each role's name and address, then each merge field. */
function columnsOf(template: BulkTemplate): { headers: string[]; mapping: BulkColumn[] } {
  const headers: string[] = [];
  const mapping: BulkColumn[] = [];
  for (const role of template.roles) {
    headers.push(`${role.name} name`, `${role.name} email`);
    mapping.push({ kind: 'roleName', role: role.number }, { kind: 'roleEmail', role: role.number });
  }
  for (const field of template.fields) {
    headers.push(field.label);
    mapping.push({ kind: 'field', key: field.key });
  }
  for (const field of template.prefills ?? []) {
    headers.push(field.label);
    mapping.push({ kind: 'prefill', field: field.id });
  }
  return { headers, mapping };
}

function cellsOf(
  template: BulkTemplate,
  given: CreateBulkSendInput['rows'][number],
  index: number,
): string[] {
  const cells: string[] = [];
  for (const role of template.roles) {
    const person = given.people.find((entry) => entry.number === role.number);
    cells.push(person?.name ?? '', person?.email ?? '');
  }
  for (const [at, person] of given.people.entries()) {
    if (!template.roles.some((role) => role.number === person.number)) {
      throw new AppError(
        'INVALID_INPUT',
        `Row ${index + 1}: the template has no role ${person.number} to give a person (its roles: ${template.roles.map((role) => role.number).join(', ') || 'none'})`,
        `rows.${index}.people.${at}.number`,
      );
    }
  }
  for (const key of Object.keys(given.values)) {
    if (!template.fields.some((field) => field.key === key)) {
      throw new AppError(
        'INVALID_INPUT',
        `Row ${index + 1}: the template has no empty merge field "${key}"`,
        `rows.${index}.values.${key}`,
      );
    }
  }
  for (const [id] of Object.entries(given.prefill)) {
    if (!template.prefills?.some((field) => field.id === id)) {
      throw new AppError(
        'INVALID_INPUT',
        `Row ${index + 1}: the template has no field ${id} to prefill`,
        `rows.${index}.prefill.${id}`,
      );
    }
  }
  for (const field of template.fields) cells.push(given.values[field.key] ?? '');
  for (const field of template.prefills ?? []) cells.push(given.prefill[field.id] ?? '');
  return cells;
}

async function storeBatch(db: Database, ctx: ServiceContext, batch: NewBatch): Promise<string> {
  const { actor } = ctx;
  if (batch.sheet.rows.length === 0)
    throw new AppError('INVALID_INPUT', 'The file has no rows below its header row');
  return db.transaction(async (tx) => {
    // Counted with the organization's row locked, so parallel uploads never pass the cap.
    await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, actor.organizationId))
      .for('update');
    const [waiting] = await tx
      .select({ batches: count() })
      .from(bulkSends)
      .where(and(eq(bulkSends.organizationId, actor.organizationId), eq(bulkSends.status, 'checking')));
    if ((waiting?.batches ?? 0) >= maxCheckingBatches) {
      throw new AppError(
        'RATE_LIMITED',
        `Your organization has ${maxCheckingBatches} bulk sends not sent yet, the most it may keep. Send or discard some first.`,
      );
    }
    const [row] = await tx
      .insert(bulkSends)
      .values({
        organizationId: actor.organizationId,
        templateId: batch.template.id,
        templateTitle: batch.template.title,
        projectId: batch.projectId ?? null,
        createdBy: actor.userId,
        createdByName: authorOf(actor).userName,
        fileName: batch.fileName,
        source: batch.source,
        headers: batch.sheet.headers,
        mapping: batch.mapping,
        rowCount: batch.sheet.rows.length,
      })
      .returning({ id: bulkSends.id });
    if (!row) throw new Error('The bulk send was not stored');
    for (let start = 0; start < batch.sheet.rows.length; start += rowsPerInsert) {
      await tx
        .insert(bulkSendRows)
        .values(
          batch.sheet.rows
            .slice(start, start + rowsPerInsert)
            .map((entry) => ({ bulkSendId: row.id, row: entry.row, cells: entry.cells })),
        );
    }
    return row.id;
  });
}
