import { z } from 'zod';
import { fieldLimits, fieldTypes } from '../fields';
import { mergeFieldLimits, spreadsheetLimits } from '../limits';
import { idSchema, pageOf, pageQuerySchema, timestampSchema } from './common';
import { templatePersonSchema } from './templates';

/**
 * A bulk send: a template sent to many, a contract per row of a spreadsheet (or of the API's JSON).
 * It is checked first (`checking`: the mapping and every row may be fixed), then sent once
 * (`sending`, each row a background job), and ends `done` or `stopped`.
 */
export const bulkSendStatuses = ['checking', 'sending', 'done', 'stopped'] as const;
export type BulkSendStatus = (typeof bulkSendStatuses)[number];

/**
 * A row's state: `ready` while the batch is checked, `queued` once it is sent (waiting for its
 * job), then `sent` (its contract went out), `failed` (with why; a retry queues it again) or
 * `stopped` (the batch was stopped before its turn).
 */
export const bulkRowStatuses = ['ready', 'queued', 'sent', 'failed', 'stopped'] as const;
export type BulkRowStatus = (typeof bulkRowStatuses)[number];

const roleNumber = z.int().min(1).max(50);
export const bulkColumnSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('roleName'), role: roleNumber }),
  z.object({ kind: z.literal('roleEmail'), role: roleNumber }),
  z.object({ kind: z.literal('field'), key: z.string().min(1).max(mergeFieldLimits.key) }),
  z.object({ kind: z.literal('prefill'), field: idSchema.describe("The placed field's id in the template") }),
  z.object({ kind: z.literal('ignore') }),
]);

const problemSchema = z.object({
  row: z
    .int()
    .nullable()
    .describe("The row's number in the file (the header is row 1); null for the mapping"),
  column: z.int().nullable().describe("The column's index, from 0; null when the problem is the whole row's"),
  message: z.string(),
});

const countsSchema = z.object(
  Object.fromEntries(bulkRowStatuses.map((status) => [status, z.int()])) as Record<BulkRowStatus, z.ZodInt>,
);

export const bulkSendSchema = z.object({
  id: idSchema,
  status: z.enum(bulkSendStatuses),
  template: z.object({
    id: idSchema.nullable().describe('null once the template is deleted'),
    title: z.string(),
    roles: z
      .array(z.object({ number: z.int(), name: z.string() }))
      .describe('The roles each row gives a person for'),
    fields: z
      .array(z.object({ key: z.string(), label: z.string() }))
      .describe('The merge fields each row fills'),
    prefills: z
      .array(z.object({ id: idSchema, label: z.string(), type: z.enum(fieldTypes) }))
      .describe("The fields on the template's PDFs a row may prefill (the signer may change them)"),
  }),
  projectId: idSchema.nullable(),
  fileName: z.string(),
  source: z.enum(['csv', 'xlsx', 'api']),
  headers: z.array(z.string()),
  mapping: z.array(bulkColumnSchema).describe('What each column gives, in the order of the headers'),
  rowCount: z.int(),
  counts: countsSchema.describe('Rows by status'),
  problems: z.object({
    count: z.int().describe('Problems in all, the mapping and every row'),
    rows: z.int().describe('Rows with at least one problem'),
    mapping: z.array(problemSchema).describe('The problems of the mapping itself'),
  }),
  waitingUntil: timestampSchema
    .nullable()
    .describe("When rows held back by the organization's sending limit go on, while they wait"),
  createdBy: z.object({ id: idSchema.nullable(), name: z.string() }),
  createdAt: timestampSchema,
  sentAt: timestampSchema.nullable(),
  finishedAt: timestampSchema.nullable(),
});
export type BulkSend = z.infer<typeof bulkSendSchema>;

export const bulkRowSchema = z.object({
  row: z.int().describe("The row's number in the file (the header is row 1)"),
  cells: z.array(z.string()),
  status: z.enum(bulkRowStatuses),
  problems: z.array(problemSchema),
  contractId: idSchema.nullable().describe('The contract made for it, once made'),
  error: z.string().nullable().describe('Why it failed, or why it waits'),
});
export type BulkRow = z.infer<typeof bulkRowSchema>;

export const bulkRowPageSchema = pageOf(bulkRowSchema);

export const bulkRowsQuerySchema = pageQuerySchema.extend({
  show: z
    .enum(['all', 'problems', 'failed', 'sent'])
    .default('all')
    .describe('problems: rows with a problem; failed and sent: rows in that state'),
});

export const bulkSendPageSchema = pageOf(bulkSendSchema);

export const bulkRowParamsSchema = z.object({
  id: idSchema,
  row: z.coerce.number().int().min(2).max(1_000_000),
});

export const uploadBulkSendQuerySchema = z.object({
  fileName: z.string().trim().max(255).default('rows.csv'),
  projectId: idSchema
    .optional()
    .describe("The project of the contracts; defaults to the organization's first"),
});

export const bulkMappingBodySchema = z.object({
  mapping: z.array(bulkColumnSchema).max(spreadsheetLimits.columns),
});

export const bulkRowBodySchema = z.object({
  cells: z
    .array(z.string().max(spreadsheetLimits.cellCharacters))
    .max(spreadsheetLimits.columns)
    .describe("The row's cells, in the order of the headers"),
});

/** One row of a bulk send given as JSON: a person for each role, and a value for each merge field. */
export const bulkJsonRowSchema = z.object({
  people: z.array(templatePersonSchema).max(50).default([]),
  values: z
    .record(z.string().max(mergeFieldLimits.key), z.string().max(mergeFieldLimits.value))
    .default({})
    .describe('A value for each merge field the template leaves empty, by key'),
  prefill: z
    .record(idSchema, z.string().max(fieldLimits.valueCharacters))
    .default({})
    .describe("Prefills for fields on the template's PDFs, by the field's id in the template"),
});

export const createBulkSendBodySchema = z.object({
  templateId: idSchema,
  projectId: idSchema
    .optional()
    .describe("The project of the contracts; defaults to the organization's first"),
  rows: z.array(bulkJsonRowSchema).min(1).max(spreadsheetLimits.rows),
  send: z
    .boolean()
    .default(false)
    .describe(
      'Send at once: refused with the first problem when any row has one (nothing is stored). Otherwise the batch is kept to check and send later',
    ),
});
export type CreateBulkSendInput = z.infer<typeof createBulkSendBodySchema>;
