import { z } from 'zod';
import { searchLimits } from '../limits';
import { termLimits } from '../terms';
import { idSchema } from './common';
import { contractStatusSchema } from './contracts';

const daySchema = z.iso.date({ error: 'Must be a date (YYYY-MM-DD)' });

const currencySchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{3}$/, { error: 'A currency is three letters (EUR)' })
  .transform((code) => code.toUpperCase());
const amountSchema = z.coerce
  .number({ error: 'Must be a number' })
  .finite({ error: 'Must be a number' })
  .min(0)
  .max(termLimits.value);
const tagSchema = z.string().trim().min(1).max(termLimits.tag);

/**
 * What narrows a list of contracts: the search page, its saved views and the exports read the
 * same filters, from the same query string. Days are UTC calendar days, both ends included.
 */
const filterFields = z.object({
  status: contractStatusSchema.optional(),
  projectId: idSchema.optional(),
  typeId: idSchema.optional().describe("One of the organization's contract types"),
  counterparty: z
    .string()
    .trim()
    .max(termLimits.text, { error: `At most ${termLimits.text} characters` })
    .optional()
    .describe("Part of the counterparty's company name, in any case and with or without accents"),
  ownerId: idSchema
    .optional()
    .describe("The contract's owner (its terms' owner, else the user who created it)"),
  currency: currencySchema.optional().describe('The value is in this currency (ISO 4217: EUR)'),
  valueMin: amountSchema.optional().describe('A value of at least this much (with currency)'),
  valueMax: amountSchema.optional().describe('A value of at most this much (with currency)'),
  tags: z
    .union([tagSchema, z.array(tagSchema).max(termLimits.tags)])
    .transform((tags) => (Array.isArray(tags) ? tags : [tags]))
    .optional()
    .describe('Every one of these tags (repeat the parameter for each)'),
  endFrom: daySchema.optional().describe('Ends on or after this day'),
  endTo: daySchema.optional().describe('Ends on or before this day'),
  createdFrom: daySchema.optional().describe('Created on or after this day (UTC)'),
  createdTo: daySchema.optional().describe('Created on or before this day (UTC)'),
  updatedFrom: daySchema.optional().describe('Last changed on or after this day (UTC)'),
  updatedTo: daySchema.optional().describe('Last changed on or before this day (UTC)'),
});

/** A value range is in one currency: 1,000 means nothing without it. */
const valueInCurrency: [
  (filters: { currency?: string; valueMin?: number; valueMax?: number }) => boolean,
  { error: string; path: string[] },
] = [
  (filters) =>
    Boolean(filters.currency) || (filters.valueMin === undefined && filters.valueMax === undefined),
  { error: 'A value range needs its currency', path: ['currency'] },
];

export const searchFiltersSchema = filterFields.refine(...valueInCurrency);
export type SearchFilters = z.infer<typeof searchFiltersSchema>;

const wordsSchema = z
  .string()
  .trim()
  .max(searchLimits.characters, {
    error: `A search is at most ${searchLimits.characters} characters`,
  })
  .optional()
  .transform((q) => q || undefined)
  .describe(
    'Words to find in titles, recipients, key terms and drafted text, in any case and with or without accents; the last word also matches as a prefix; "quoted words" match as a phrase. Without words, the filtered contracts are listed, most recently changed first',
  );

export const searchQuerySchema = filterFields
  .extend({
    q: wordsSchema,
    offset: z.coerce
      .number()
      .int()
      .min(0)
      .max(searchLimits.listed)
      .default(0)
      .describe('The nextOffset of the previous page'),
    limit: z.coerce.number().int().min(1).max(searchLimits.pageSize).default(20),
  })
  .refine(...valueInCurrency);
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/** A piece of highlighted text: `marked` where it matched the search. Plain text, never HTML. */
export const textPartSchema = z.object({ text: z.string(), marked: z.boolean() });
export type TextPart = z.infer<typeof textPartSchema>;

export const searchResultSchema = z
  .object({
    id: idSchema,
    title: z.string(),
    titleParts: z.array(textPartSchema).describe('The title, its matching words marked'),
    status: contractStatusSchema,
    projectId: idSchema.nullable(),
    counterparty: z.string().nullable().describe("The counterparty's company"),
    typeName: z.string().nullable().describe("The contract's type"),
    updatedAt: z.iso.datetime(),
    rank: z
      .number()
      .describe(
        'Higher is a better match: title first, then recipients and terms, then text; 0 in a list without words',
      ),
    passages: z
      .array(z.array(textPartSchema))
      .describe(
        'Passages around the matches, matching words marked: of the drafted text (from its first 4,000 characters), then of its uploaded PDFs (from their first 4,000 together); at most two, empty when none is there',
      ),
    unsearchablePages: z
      .int()
      .describe(
        'Pages of its uploaded PDFs search finds nothing on: scans without a text layer, or past what is read of a file',
      ),
  })
  .meta({ id: 'SearchResult' });
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchPageSchema = z.object({
  items: z.array(searchResultSchema),
  nextOffset: z.int().nullable().describe('Pass as offset for the next page; null on the last'),
  more: z
    .boolean()
    .describe(
      `More than ${searchLimits.ranked} contracts match: only that many are ranked; add a word or a filter`,
    ),
});
export type SearchPage = z.infer<typeof searchPageSchema>;

export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

export const exportQuerySchema = filterFields
  .extend({ q: wordsSchema, format: z.enum(exportFormats).default('csv') })
  .refine(...valueInCurrency);
export type ExportQuery = z.infer<typeof exportQuerySchema>;

/** A saved view: a name and the search page's query string, its maker's or shared with the organization. */
export const savedViewSchema = z
  .object({
    id: idSchema,
    name: z.string(),
    query: z.string().describe("The search page's query string: q and the filters, as in /search?…"),
    shared: z.boolean().describe('Every member of the organization sees it'),
    mine: z.boolean().describe('I made it'),
    makerName: z.string(),
    canDelete: z.boolean().describe('Its maker, or an admin for a shared view'),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: 'SavedView' });
export type SavedView = z.infer<typeof savedViewSchema>;

export const savedViewListSchema = z.object({ items: z.array(savedViewSchema) });

const viewNameSchema = z
  .string({ error: 'Name the view' })
  .trim()
  .min(1, { error: 'Name the view' })
  .max(searchLimits.viewName, { error: `A view's name is at most ${searchLimits.viewName} characters` });

export const createSavedViewBodySchema = z.object({
  name: viewNameSchema,
  query: z
    .string()
    .max(searchLimits.viewQuery, {
      error: `A view's filters are at most ${searchLimits.viewQuery} characters`,
    })
    .describe('The query string of the search page (without the leading ?)'),
  shared: z.boolean().default(false),
});
export const updateSavedViewBodySchema = z.object({
  name: viewNameSchema.optional(),
  shared: z.boolean().optional(),
});
