import { z } from 'zod';

export const idSchema = z.uuid({ error: 'Must be a valid id (UUID)' });
export const idParamsSchema = z.object({ id: idSchema });

export const timestampSchema = z.iso.datetime({ offset: true });

export const emailSchema = z
  .string({ error: 'Email is required' })
  .trim()
  .toLowerCase()
  .max(320, { error: 'Email must be at most 320 characters' })
  .pipe(z.email({ error: 'Enter a valid email address' }));

export const pageQuerySchema = z.object({
  cursor: z.string().max(200).optional().describe('The nextCursor of the previous page'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    nextCursor: z.string().nullable().describe('Pass as cursor to get the next page; null on the last page'),
  });
}

export const noContentSchema = z.undefined().describe('No content');
