import { z } from 'zod';
import { fieldLimits } from '../fields';
import { mergeFieldLimits } from '../limits';
import { emailSchema, idSchema, pageQuerySchema } from './common';
import { contractSorts } from './contracts';

/** The person who takes one of a template's roles in the contract made from it. */
export const templatePersonSchema = z.object({
  number: z
    .int({ error: "Give the role's number in the template, from 1" })
    .min(1, { error: "Give the role's number in the template, from 1" })
    .max(50, { error: "Give the role's number in the template, from 1" })
    .describe("The role's number in the template (its place in the template's `signers`, from 1)"),
  name: z
    .string({ error: 'Signer name is required' })
    .trim()
    .min(1, { error: 'Signer name is required' })
    .max(200, { error: 'Signer name must be at most 200 characters' }),
  email: emailSchema,
  embedded: z
    .boolean()
    .optional()
    .describe(
      "Signed inside your own web app instead of by an e-mailed link (the role's own choice when left out)",
    ),
});

export const createFromTemplateBodySchema = z.object({
  id: idSchema.optional().describe('Client-chosen id for the new contract'),
  projectId: idSchema
    .optional()
    .describe("The project of the new contract; defaults to the organization's first"),
  people: z
    .array(templatePersonSchema)
    .max(50)
    .default([])
    .describe(
      "The people who take the template's roles, by number. The draft keeps every role's kind, order number, witness and who names whom; a role left out keeps its placeholder address and must be given its person before the contract is sent (a role with a real address, or one left to be named, needs none)",
    ),
  values: z
    .record(
      z.string().max(mergeFieldLimits.key),
      z.string().max(mergeFieldLimits.value, {
        error: `A merge field value must be at most ${mergeFieldLimits.value} characters`,
      }),
    )
    .default({})
    .describe(
      "Values for the template's merge fields, by key: filled into the text, and into the title where it names a field as [Label]",
    ),
  prefill: z
    .record(idSchema, z.string().max(fieldLimits.valueCharacters))
    .default({})
    .describe(
      "Prefills for fields placed on the template's PDFs, by the field's id in the template (each checked against its field; the signer may change it)",
    ),
});
export type CreateFromTemplateInput = z.infer<typeof createFromTemplateBodySchema>;

export const listTemplatesQuerySchema = pageQuerySchema.extend({
  q: z.string().trim().max(200).optional(),
  sort: z.enum(contractSorts).default('updated').describe('updated or created: newest first; title: A to Z'),
});
