import { z } from 'zod';
import {
  cycleTimeReportSchema,
  pipelineReportSchema,
  renewalsReportSchema,
  reportQuerySchema,
  signerResponseReportSchema,
  valueReportSchema,
} from '../api/reports';
import { reportTableNames } from '../reports/report-tables';
import { resourceErrors } from './error-responses';
import { defineRoute } from './route-contract';

const tags = ['Reports'];
const query = reportQuerySchema;

/** The Reports page's figures, each one aggregation over the organization's contracts (templates aside). */
export const reportsApi = {
  pipeline: defineRoute({
    method: 'GET',
    path: '/reports/pipeline',
    tags,
    summary: 'Contracts created per month by their status now, and how many were sent and signed each month',
    query,
    response: { 200: pipelineReportSchema, ...resourceErrors },
  }),
  cycleTimes: defineRoute({
    method: 'GET',
    path: '/reports/cycle-times',
    tags,
    summary: 'Median days from created to sent and from sent to signed, by month and by contract type',
    query,
    response: { 200: cycleTimeReportSchema, ...resourceErrors },
  }),
  value: defineRoute({
    method: 'GET',
    path: '/reports/value',
    tags,
    summary: 'The value of contracts signed in the range, by counterparty and by type, per currency',
    query,
    response: { 200: valueReportSchema, ...resourceErrors },
  }),
  renewals: defineRoute({
    method: 'GET',
    path: '/reports/renewals',
    tags,
    summary:
      'Signed contracts that renew by themselves within the next 90 days, or whose notice deadline falls in them (the range is not read)',
    query,
    response: { 200: renewalsReportSchema, ...resourceErrors },
  }),
  signerResponse: defineRoute({
    method: 'GET',
    path: '/reports/signer-response',
    tags,
    summary: 'Median and 90th percentile hours from a signer’s invitation to their signature, by month',
    query,
    response: { 200: signerResponseReportSchema, ...resourceErrors },
  }),
  csv: defineRoute({
    method: 'GET',
    path: '/reports/:table/csv',
    tags,
    summary: 'One of the Reports page’s tables as a CSV file (UTF-8 with a byte-order mark), cell for cell',
    params: z.object({ table: z.enum(reportTableNames) }),
    query,
    response: { ...resourceErrors },
  }),
};
