import { z } from 'zod';
import { idSchema } from './common';
import { contractSchema } from './contracts';
import { editorDocumentSchema } from './editor-document';

const noticesSchema = z
  .array(z.string())
  .describe(
    'What did not come in as it was, in sentences for the user: "2 images and 1 comment were not imported."',
  );

export const convertDocxQuerySchema = z.object({
  fileName: z
    .string()
    .max(255)
    .optional()
    .describe('The file name, for the title when the document has none'),
});

export const convertedDocxSchema = z
  .object({
    title: z.string(),
    content: editorDocumentSchema,
    notices: noticesSchema,
  })
  .meta({ id: 'ConvertedDocx' });
export type ConvertedDocx = z.infer<typeof convertedDocxSchema>;

export const importDocxQuerySchema = z.object({
  id: idSchema.optional().describe('Client-chosen id: repeating the same import returns the same contract'),
  template: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true')
    .describe('Start a template rather than a contract'),
  projectId: idSchema.optional().describe("Defaults to the organization's first project"),
  fileName: z
    .string()
    .max(255)
    .optional()
    .describe('The file name, for the title when the document has none'),
});

export const importedDocxSchema = z
  .object({ contract: contractSchema, notices: noticesSchema })
  .meta({ id: 'ImportedDocx' });
export type ImportedDocx = z.infer<typeof importedDocxSchema>;
