import { z } from 'zod';
import { reportLimits } from '../reports/report-range';
import { daysBetween, isCalendarDay } from '../terms';
import { idSchema } from './common';

const day = z.string().refine(isCalendarDay, { error: 'Give a date as YYYY-MM-DD' });
const month = z.string().describe('YYYY-MM (UTC)');
const days = z.number().nullable().describe('Days, to one decimal; null when nothing was measured');
const hours = z.number().nullable().describe('Hours, to one decimal; null when nothing was measured');
const money = z.string().describe('A decimal sum, exact (never rounded through a float)');

export const reportQuerySchema = z
  .object({
    from: day
      .optional()
      .describe('First day, YYYY-MM-DD (default: the first day of the month 11 months ago)'),
    to: day.optional().describe('Last day, YYYY-MM-DD (default: today, UTC)'),
    projectId: idSchema.optional().describe("Only this project's contracts"),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: 'from must not be after to', path: ['to'] })
  .refine((q) => !q.from || !q.to || daysBetween(q.from, q.to) <= reportLimits.maxDays, {
    error: 'Ask for at most five years at once',
    path: ['from'],
  });
export type ReportQuery = z.infer<typeof reportQuerySchema>;

const rangeFields = {
  from: z.string().describe('The first day the report read, YYYY-MM-DD'),
  to: z.string().describe('The last day the report read, YYYY-MM-DD'),
};

export const pipelineReportSchema = z
  .object({
    ...rangeFields,
    months: z.array(
      z.object({
        month,
        created: z.number().int().describe('Contracts created in the month'),
        draft: z.number().int().describe('Of those, still drafts'),
        sent: z.number().int().describe('Of those, sent and waiting for signatures'),
        signed: z.number().int().describe('Of those, signed'),
        expired: z.number().int().describe('Of those, expired'),
        canceled: z.number().int().describe('Of those, canceled'),
        sentInMonth: z.number().int().describe('Contracts sent in the month, whenever created'),
        signedInMonth: z.number().int().describe('Contracts signed in the month, whenever created'),
      }),
    ),
  })
  .meta({ id: 'PipelineReport' });
export type PipelineReport = z.infer<typeof pipelineReportSchema>;

const stageTimes = {
  sent: z.number().int().describe('Contracts sent (in the month, or of the type)'),
  createdToSentDays: days.describe('Median days from created to sent'),
  signed: z.number().int().describe('Contracts signed (in the month, or of the type)'),
  sentToSignedDays: days.describe('Median days from sent to signed'),
};

export const cycleTimeReportSchema = z
  .object({
    ...rangeFields,
    months: z.array(z.object({ month, ...stageTimes })),
    types: z.array(
      z.object({
        typeId: idSchema.nullable(),
        type: z.string().describe("The contract type's name; 'No type' for contracts without one"),
        ...stageTimes,
      }),
    ),
  })
  .meta({ id: 'CycleTimeReport' });
export type CycleTimeReport = z.infer<typeof cycleTimeReportSchema>;

const valueRow = z.object({
  currency: z.string(),
  label: z.string().describe("The counterparty or type; 'Others' sums the rest of the currency's"),
  kind: z.enum(['named', 'none', 'others']).describe('named, none (no counterparty or type) or others'),
  contracts: z.number().int(),
  value: money,
});
export type ValueRow = z.infer<typeof valueRow>;

export const valueReportSchema = z
  .object({
    ...rangeFields,
    counterparties: z
      .array(valueRow)
      .describe('Per currency, the ten largest counterparties, then the others'),
    types: z.array(valueRow).describe('Per currency, the ten largest types, then the others'),
  })
  .meta({ id: 'ValueReport' });
export type ValueReport = z.infer<typeof valueReportSchema>;

export const renewalsReportSchema = z
  .object({
    ...rangeFields,
    items: z.array(
      z.object({
        contractId: idSchema,
        title: z.string(),
        counterparty: z.string().nullable(),
        type: z.string().nullable(),
        endOn: z.string().nullable().describe('YYYY-MM-DD'),
        renews: z.boolean().describe('Renews by itself at its end date'),
        renewalMonths: z.number().int().nullable(),
        noticeOn: z.string().nullable().describe('The last day to give notice, YYYY-MM-DD'),
        value: money.nullable(),
        currency: z.string().nullable(),
      }),
    ),
    more: z.boolean().describe('More contracts fall in the window than the list holds'),
  })
  .meta({ id: 'RenewalsReport' });
export type RenewalsReport = z.infer<typeof renewalsReportSchema>;

export const signerResponseReportSchema = z
  .object({
    ...rangeFields,
    months: z.array(
      z.object({
        month,
        signatures: z.number().int().describe('Recipients who signed in the month'),
        medianHours: hours.describe('Median hours from invitation to signature'),
        p90Hours: hours.describe('90th percentile of hours from invitation to signature'),
      }),
    ),
  })
  .meta({ id: 'SignerResponseReport' });
export type SignerResponseReport = z.infer<typeof signerResponseReportSchema>;
