import { z } from 'zod';
import {
  deadlineKinds,
  isCalendarDay,
  renewalKinds,
  sourcedTerms,
  termDurations,
  termFieldKinds,
  termLimits,
} from '../terms';
import { idSchema, timestampSchema } from './common';

const day = z
  .string()
  .refine(isCalendarDay, { error: 'Give a date as YYYY-MM-DD' })
  .describe('A calendar day, YYYY-MM-DD');
const text = (what: string, max: number = termLimits.text) =>
  z
    .string()
    .trim()
    .max(max, { error: `${what} must be at most ${max} characters` });
const months = (what: string) =>
  z
    .number({ error: `${what} must be a whole number of months` })
    .int({ error: `${what} must be a whole number of months` })
    .min(1, { error: `${what} must be at least one month` })
    .max(termLimits.months, { error: `${what} must be at most ${termLimits.months} months` });

export const termDurationSchema = z.enum(termDurations);
export const renewalKindSchema = z.enum(renewalKinds);
export const termFieldKindSchema = z.enum(termFieldKinds);
export const deadlineKindSchema = z.enum(deadlineKinds);
export const sourcedTermSchema = z.enum(sourcedTerms);

/** A value of one of the organization's own terms: text or a choice, a number, or a day. */
export const customTermValueSchema = z.union([z.string().max(termLimits.text), z.number().finite()]);

export const contractTermsSchema = z
  .object({
    contractId: idSchema,
    counterpartyCompany: z.string().nullable(),
    counterpartyContact: z.string().nullable(),
    counterpartyEmail: z.string().nullable(),
    typeId: idSchema.nullable(),
    typeName: z.string().nullable(),
    value: z.number().nullable().describe('The contract value, two decimals at most'),
    currency: z.string().nullable().describe('ISO 4217 code, e.g. EUR'),
    effectiveOn: z.string().nullable(),
    duration: termDurationSchema
      .nullable()
      .describe('fixed: durationMonths from effectiveOn; until: until endOn; evergreen: no end'),
    durationMonths: z.number().int().nullable(),
    endOn: z.string().nullable().describe('The end date, given or worked out from the duration'),
    renewal: renewalKindSchema,
    renewalMonths: z.number().int().nullable(),
    noticeDays: z.number().int().nullable(),
    noticeOn: z.string().nullable().describe('The last day to give notice: endOn less noticeDays'),
    ownerId: idSchema.nullable().describe('Who answers for its deadlines (the creator when none is set)'),
    ownerName: z.string().nullable(),
    tags: z.array(z.string()),
    custom: z.record(z.string(), customTermValueSchema).describe("The organization's own terms, by key"),
    sources: z
      .partialRecord(sourcedTermSchema, z.string())
      .describe('Terms that follow one of the draft’s merge fields: the merge field key, by term'),
    updatedAt: timestampSchema.nullable(),
  })
  .meta({ id: 'ContractTerms' });
export type ContractTerms = z.infer<typeof contractTermsSchema>;

/** The terms to change; a term left out stays as it is, null clears it. */
export const updateTermsBodySchema = z
  .object({
    counterpartyCompany: text('The counterparty').nullable(),
    counterpartyContact: text('The contact').nullable(),
    counterpartyEmail: z
      .string()
      .trim()
      .toLowerCase()
      .max(termLimits.email)
      .pipe(z.email({ error: 'Enter a valid e-mail address for the contact' }))
      .nullable(),
    typeId: idSchema.nullable(),
    value: z
      .number({ error: 'The value must be a number' })
      .min(0, { error: 'The value cannot be negative' })
      .max(termLimits.value, { error: 'The value is too large' })
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, {
        error: 'The value has at most two decimals',
      })
      .nullable(),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{3}$/, { error: 'Give the currency as a three-letter code, e.g. EUR' })
      .nullable(),
    effectiveOn: day.nullable(),
    duration: termDurationSchema.nullable(),
    durationMonths: months('The duration').nullable(),
    endOn: day.nullable(),
    renewal: renewalKindSchema,
    renewalMonths: months('The renewal period').nullable(),
    noticeDays: z
      .number({ error: 'The notice period must be a whole number of days' })
      .int({ error: 'The notice period must be a whole number of days' })
      .min(1, { error: 'The notice period must be at least one day' })
      .max(termLimits.noticeDays, {
        error: `The notice period must be at most ${termLimits.noticeDays} days`,
      })
      .nullable(),
    ownerId: idSchema.nullable(),
    tags: z
      .array(
        z
          .string()
          .trim()
          .min(1, { error: 'A tag cannot be empty' })
          .max(termLimits.tag, { error: `A tag must be at most ${termLimits.tag} characters` }),
      )
      .max(termLimits.tags, { error: `At most ${termLimits.tags} tags` }),
    custom: z
      .record(z.string().max(64), customTermValueSchema.nullable())
      .refine((values) => Object.keys(values).length <= termLimits.fields, { error: 'Too many terms' }),
    sources: z
      .partialRecord(sourcedTermSchema, z.string().max(64).nullable())
      .describe('On a template or draft: which merge field fills which term (null: none)'),
  })
  .partial()
  .strict();
export type UpdateTermsInput = z.infer<typeof updateTermsBodySchema>;

/** One change made to many contracts at once from the contracts list. */
export const bulkTermsBodySchema = z
  .object({
    contractIds: z
      .array(idSchema)
      .min(1, { error: 'Choose at least one contract' })
      .max(termLimits.bulk, { error: `At most ${termLimits.bulk} contracts at once` }),
    set: updateTermsBodySchema.omit({ tags: true, custom: true, sources: true }).default({}),
    addTags: updateTermsBodySchema.shape.tags.unwrap().optional(),
    removeTags: updateTermsBodySchema.shape.tags.unwrap().optional(),
  })
  .strict();
export type BulkTermsInput = z.infer<typeof bulkTermsBodySchema>;
export const bulkTermsResultSchema = z.object({
  changed: z.number().int().describe('Contracts whose terms changed'),
  unchanged: z.number().int().describe('Contracts the change left as they were'),
});

export const contractTypeSchema = z
  .object({ id: idSchema, name: z.string(), contracts: z.number().int() })
  .meta({ id: 'ContractType' });
export type ContractType = z.infer<typeof contractTypeSchema>;
export const contractTypeBodySchema = z.object({
  name: text('A type name')
    .min(1, { error: 'Give the type a name' })
    .max(80, { error: 'A type name must be at most 80 characters' }),
});

export const termFieldSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    key: z.string(),
    kind: termFieldKindSchema,
    options: z.array(z.string()),
  })
  .meta({ id: 'TermField' });
export type TermField = z.infer<typeof termFieldSchema>;
export const termFieldBodySchema = z
  .object({
    name: text('A term name')
      .min(1, { error: 'Give the term a name' })
      .max(80, { error: 'A term name must be at most 80 characters' }),
    kind: termFieldKindSchema,
    options: z
      .array(text('A choice', 80).min(1, { error: 'A choice cannot be empty' }))
      .max(termLimits.choices, { error: `At most ${termLimits.choices} choices` })
      .default([]),
  })
  .refine((field) => field.kind !== 'choice' || field.options.length >= 2, {
    error: 'A choice needs at least two options',
    path: ['options'],
  });
export const updateTermFieldBodySchema = z.object({
  name: termFieldBodySchema.shape.name.optional(),
  options: termFieldBodySchema.shape.options.optional(),
});

export const termSettingsSchema = z.object({
  types: z.array(contractTypeSchema),
  fields: z.array(termFieldSchema),
});
export type TermSettings = z.infer<typeof termSettingsSchema>;
