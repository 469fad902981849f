import { z } from 'zod';
import { idSchema, pageQuerySchema } from './common';
import { contractSorts } from './contracts';

export const createFromTemplateBodySchema = z.object({
  id: idSchema.optional().describe('Client-chosen id for the new contract'),
  projectId: idSchema
    .optional()
    .describe("The project of the new contract; defaults to the organization's first"),
});

export const listTemplatesQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(200).optional(),
  sort: z.enum(contractSorts).default('updated').describe('updated or created: newest first; title: A to Z'),
});
