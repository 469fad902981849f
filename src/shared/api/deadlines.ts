import { z } from 'zod';
import { contractStatuses } from '../statuses';
import { isCalendarDay, termLimits } from '../terms';
import { idSchema, timestampSchema } from './common';
import { booleanQuerySchema } from './contracts';
import { deadlineKindSchema } from './terms';

const day = z.string().refine(isCalendarDay, { error: 'Give a date as YYYY-MM-DD' });

export const deadlineSchema = z
  .object({
    contractId: idSchema,
    contractTitle: z.string(),
    status: z.enum(contractStatuses),
    kind: deadlineKindSchema,
    key: z.string().describe("The date term's key for kind term; empty otherwise"),
    label: z.string().describe('What the deadline is, in words'),
    dueOn: z.string().describe('YYYY-MM-DD'),
    daysLeft: z.number().int().describe('Days from today (UTC) to the deadline; negative once passed'),
    ownerId: idSchema.nullable(),
    ownerName: z.string().nullable(),
    counterparty: z.string().nullable(),
    renews: z.boolean().describe('Whether the contract renews by itself at its end date'),
  })
  .meta({ id: 'Deadline' });
export type Deadline = z.infer<typeof deadlineSchema>;

export const listDeadlinesQuerySchema = z
  .object({
    from: day.optional().describe('First day, YYYY-MM-DD (default: today)'),
    to: day.optional().describe('Last day, YYYY-MM-DD (default: 90 days after from)'),
    mine: booleanQuerySchema.default(false).describe('Only contracts I own or watch'),
    limit: z.coerce.number().int().min(1).max(500).default(200),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'from must not be after to', path: ['to'] });
export type ListDeadlinesQuery = z.infer<typeof listDeadlinesQuerySchema>;

export const deadlineListSchema = z.object({
  items: z.array(deadlineSchema),
  more: z.boolean().describe('More deadlines fall in the range than the limit'),
});
export type DeadlineList = z.infer<typeof deadlineListSchema>;

/** What the dashboard shows: how many deadlines fall within 30, 60 and 90 days, and the nearest. */
export const deadlineSummarySchema = z.object({
  within30: z.number().int(),
  within60: z.number().int(),
  within90: z.number().int(),
  next: z.array(deadlineSchema),
});
export type DeadlineSummary = z.infer<typeof deadlineSummarySchema>;

export const deadlinePreferencesSchema = z
  .object({
    leadDays: z
      .array(z.number().int())
      .describe('Days before each deadline a reminder is given, largest first'),
    digest: z.boolean().describe('One e-mail a day listing the reminders, instead of one each'),
    feed: z
      .object({ createdAt: timestampSchema })
      .nullable()
      .describe('The calendar feed, when there is one (its address is shown once, when made)'),
  })
  .meta({ id: 'DeadlinePreferences' });
export type DeadlinePreferences = z.infer<typeof deadlinePreferencesSchema>;

export const updateDeadlinePreferencesBodySchema = z
  .object({
    leadDays: z
      .array(
        z
          .number({ error: 'A lead time is a whole number of days' })
          .int({ error: 'A lead time is a whole number of days' })
          .min(0, { error: 'A lead time cannot be negative' })
          .max(termLimits.leadDays, { error: `A lead time is at most ${termLimits.leadDays} days` }),
      )
      .max(termLimits.leadTimes, { error: `At most ${termLimits.leadTimes} lead times` }),
    digest: z.boolean(),
  })
  .partial()
  .strict();

export const calendarFeedSchema = z.object({
  url: z.url().describe('The secret address a calendar application subscribes to; shown only now'),
  createdAt: timestampSchema,
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;

export const watchingSchema = z.object({ watching: z.boolean() });
