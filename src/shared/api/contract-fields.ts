import { z } from 'zod';
import { patternLimits } from '../limits';
import { idSchema } from './common';

/**
 * What a field asks of its signer. Filled at signing: signature, initials, name, e-mail, company,
 * title and the date signed (filled by itself); the sender may prefill text, date, checkbox,
 * radio and dropdown; image is a stamp or company seal the signer uploads.
 */
export const fieldTypes = [
  'signature',
  'initials',
  'name',
  'email',
  'company',
  'title',
  'dateSigned',
  'text',
  'date',
  'checkbox',
  'radio',
  'dropdown',
  'image',
] as const;
export type FieldType = (typeof fieldTypes)[number];

/** What each field type is called on every screen and page that shows one. */
export const fieldTypeNames: Record<FieldType, string> = {
  signature: 'Signature',
  initials: 'Initials',
  name: 'Full name',
  email: 'E-mail',
  company: 'Company',
  title: 'Title',
  dateSigned: 'Date signed',
  text: 'Text',
  date: 'Date',
  checkbox: 'Checkbox',
  radio: 'Radio group',
  dropdown: 'Dropdown',
  image: 'Image',
};

/** Types the signer fills, or that fill themselves: the sender gives them no value. */
export const filledAtSigning: readonly FieldType[] = [
  'signature',
  'initials',
  'name',
  'email',
  'dateSigned',
  'image',
];

/** Types whose value is one of their choices. */
export const fieldTypesWithChoices: readonly FieldType[] = ['radio', 'dropdown'];

/** How many fields a contract may hold, on all its PDFs. */
export const maxFieldsPerContract = 1000;
/** Signers a field may be for (by signing order), far beyond any real contract. */
export const maxFieldSigner = 50;

const fraction = z.number().min(0).max(1);

export const fieldOptionsSchema = z
  .object({
    choices: z
      .array(z.string().trim().min(1).max(100))
      .max(50)
      .optional()
      .describe('The choices of a radio group or a dropdown (2 to 50)'),
    choiceBoxes: z
      .array(
        z
          .object({ x: fraction, y: fraction, width: fraction, height: fraction })
          .strict()
          .describe("A choice's button, in fractions of the field's own box from its top left"),
      )
      .max(50)
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
    maxLength: z.int().min(1).max(4000).optional().describe('The most characters a text field takes'),
  })
  .strict();
export type FieldOptions = z.infer<typeof fieldOptionsSchema>;

/**
 * The most characters a text field takes: its own most, and with a pattern at most
 * `patternLimits.textCharacters`, whatever it says (what bounds the matching's cost).
 */
export function mostCharacters(options: Pick<FieldOptions, 'pattern' | 'maxLength'>): number | undefined {
  if (!options.pattern) return options.maxLength;
  return Math.min(options.maxLength ?? patternLimits.textCharacters, patternLimits.textCharacters);
}

/**
 * Why a text field's options are refused for its pattern's sake, or null: one with a pattern takes
 * at most `patternLimits.textCharacters`. The same rule for fields on a PDF and in the text.
 */
export function patternLengthProblem(options: Pick<FieldOptions, 'pattern' | 'maxLength'>): string | null {
  return options.pattern && (options.maxLength ?? 0) > patternLimits.textCharacters
    ? `a text field with a pattern takes at most ${patternLimits.textCharacters} characters: lower its most characters`
    : null;
}

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
      .max(maxFieldSigner)
      .nullable()
      .describe('The signer it is for, by signing order from 1; null until the sender assigns it'),
    required: z.boolean().default(true),
    label: z.string().trim().max(100).default(''),
    value: z
      .string()
      .max(4000)
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
  fields: z.array(placedFieldInputSchema).max(maxFieldsPerContract),
  baseRevision: z.int().min(1).optional(),
});
export type SaveFieldsInput = z.infer<typeof saveFieldsBodySchema>;

export const savedFieldsSchema = z.object({
  fields: z.array(placedFieldSchema),
  revision: z.int().min(1),
});
