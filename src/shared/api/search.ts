import { z } from 'zod';
import { searchLimits } from '../limits';
import { idSchema } from './common';
import { contractStatusSchema } from './contracts';

const daySchema = z.iso.date({ error: 'Must be a date (YYYY-MM-DD)' });

export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'Type what to search for' })
    .trim()
    .min(1, { error: 'Type what to search for' })
    .max(searchLimits.characters, {
      error: `A search is at most ${searchLimits.characters} characters`,
    })
    .describe(
      'Words to find in titles, recipients and drafted text, in any case and with or without accents; the last word also matches as a prefix; "quoted words" match as a phrase',
    ),
  status: contractStatusSchema.optional(),
  projectId: idSchema.optional(),
  ownerId: idSchema.optional().describe('The user who created the contract'),
  createdFrom: daySchema.optional().describe('Created on or after this day (UTC)'),
  createdTo: daySchema.optional().describe('Created on or before this day (UTC)'),
  updatedFrom: daySchema.optional().describe('Last changed on or after this day (UTC)'),
  updatedTo: daySchema.optional().describe('Last changed on or before this day (UTC)'),
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .max(searchLimits.ranked)
    .default(0)
    .describe('The nextOffset of the previous page'),
  limit: z.coerce.number().int().min(1).max(searchLimits.pageSize).default(20),
});
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
    updatedAt: z.iso.datetime(),
    rank: z.number().describe('Higher is a better match: title first, then recipients, then text'),
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
