import { z } from 'zod';
import { versionKinds } from '../enums';
import { idSchema, timestampSchema } from './common';
import { editorDocumentSchema } from './editor-document';

export const versionKindSchema = z
  .enum(versionKinds)
  .describe(
    'edited: a saved editing session; review: a review round; sent: what was sent for signing; restored: an older version brought back; suggestions: suggestions accepted',
  );

const versionFields = {
  number: z.int().min(1),
  kind: versionKindSchema,
  title: z.string(),
  contentHash: z.string().describe("SHA-256 (hex) of the content's canonical JSON text"),
  author: z.object({ id: idSchema.nullable(), name: z.string() }),
  restoredFrom: z.int().nullable().describe('For a restore: the version it brought back'),
  createdAt: timestampSchema,
  updatedAt: timestampSchema.describe('A later save of the same editing session updates its version'),
};

export const versionSummarySchema = z.object(versionFields).meta({ id: 'ContractVersionSummary' });
export type VersionSummary = z.infer<typeof versionSummarySchema>;

export const versionListSchema = z.object({ items: z.array(versionSummarySchema) });
export type VersionList = z.infer<typeof versionListSchema>;

export const versionSchema = z
  .object({ ...versionFields, content: editorDocumentSchema })
  .meta({ id: 'ContractVersion' });
export type Version = z.infer<typeof versionSchema>;

export const versionParamsSchema = z.object({ id: idSchema, number: z.coerce.number().int().min(1) });

export const compareQuerySchema = z.object({
  from: z.coerce.number().int().min(1).describe('The earlier version'),
  to: z.coerce.number().int().min(1).describe('The later version'),
});
export type CompareQuery = z.infer<typeof compareQuerySchema>;

export const redlineSchema = z
  .object({
    from: versionSummarySchema,
    to: versionSummarySchema,
    document: editorDocumentSchema.describe(
      'The later version with what was added marked `insertion` and what was removed put back and marked `deletion`',
    ),
    summary: z.object({
      insertedWords: z.int(),
      deletedWords: z.int(),
      wordByWord: z
        .boolean()
        .describe(
          'false when a part was too different to compare word by word (shown removed and added whole)',
        ),
    }),
  })
  .meta({ id: 'Redline' });
export type Redline = z.infer<typeof redlineSchema>;

export const restoreVersionBodySchema = z
  .object({
    baseRevision: z
      .int()
      .min(1)
      .optional()
      .describe(
        'The revision the restore was decided on: refused (409 CONTRACT_CHANGED) if the draft changed since',
      ),
  })
  .nullish();
