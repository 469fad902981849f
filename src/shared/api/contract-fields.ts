import { z } from 'zod';
import { fieldLimits, fieldTypes, patternLimits } from '../fields';
import { idSchema } from './common';

const fraction = z.number().min(0).max(1);

export const fieldOptionsSchema = z
  .object({
    choices: z
      .array(z.string().trim().min(1).max(fieldLimits.choiceCharacters))
      .max(fieldLimits.mostChoices)
      .optional()
      .describe('The choices of a radio group or a dropdown (2 to 50)'),
    choiceBoxes: z
      .array(
        z
          .object({ x: fraction, y: fraction, width: fraction, height: fraction })
          .strict()
          .describe("A choice's button, in fractions of the field's own box from its top left"),
      )
      .max(fieldLimits.mostChoices)
      .optional()
      .describe(
        "A radio group's buttons where the PDF's own form has them: one box for each of its choices, in their order, inside the field's box (which moves and resizes them with it)",
      ),
    multiline: z.boolean().optional().describe('A text field of several lines'),
    format: z.enum(['number', 'email', 'pattern']).optional().describe('What a text field must hold'),
    pattern: z
      .string()
      .min(1)
      .max(patternLimits.characters)
      .optional()
      .describe(
        'With format "pattern": the regular expression (RE2 syntax, matched whole) the text must match',
      ),
    maxLength: z
      .int()
      .min(1)
      .max(fieldLimits.valueCharacters)
      .optional()
      .describe('The most characters a text field takes'),
  })
  .strict();
export type FieldOptions = z.infer<typeof fieldOptionsSchema>;

/** A field placed on a page of one of the contract's PDFs: its box is in fractions of the page as it shows. */
export const placedFieldInputSchema = z
  .object({
    id: idSchema.optional().describe('Kept when the field was there before; a new field gets one'),
    fileId: idSchema.describe('The PDF it is on'),
    page: z.int().min(0).describe('The page, counting from 0'),
    x: fraction.describe('Left edge, as a fraction of the page width from its left'),
    y: fraction.describe('Top edge, as a fraction of the page height from its top'),
    width: fraction.refine((value) => value > 0, 'A field needs a width'),
    height: fraction.refine((value) => value > 0, 'A field needs a height'),
    type: z.enum(fieldTypes),
    signer: z
      .int()
      .min(1)
      .max(fieldLimits.signer)
      .nullable()
      .describe('The signer it is for, by signing order from 1; null until the sender assigns it'),
    required: z.boolean().default(true),
    label: z.string().trim().max(fieldLimits.label).default(''),
    value: z
      .string()
      .max(fieldLimits.valueCharacters)
      .nullable()
      .default(null)
      .describe("The sender's prefill (text, date, checkbox, choices)"),
    options: fieldOptionsSchema.default({}),
  })
  .strict();
export type PlacedFieldInput = z.input<typeof placedFieldInputSchema>;

export const placedFieldSchema = placedFieldInputSchema
  .extend({
    id: idSchema,
    label: z.string(),
    required: z.boolean(),
    value: z.string().nullable(),
    options: fieldOptionsSchema,
  })
  .meta({ id: 'PlacedField' });
export type PlacedField = z.infer<typeof placedFieldSchema>;

export const saveFieldsBodySchema = z.object({
  fields: z.array(placedFieldInputSchema).max(fieldLimits.fieldsPerContract),
  baseRevision: z.int().min(1).optional(),
});
export type SaveFieldsInput = z.infer<typeof saveFieldsBodySchema>;

export const savedFieldsSchema = z.object({
  fields: z.array(placedFieldSchema),
  revision: z.int().min(1),
});
