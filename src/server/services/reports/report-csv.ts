import type { ReportQuery } from '../../../shared/api/reports';
import {
  type ReportData,
  type ReportName,
  type ReportTableName,
  reportTables,
} from '../../../shared/reports/report-tables';
import type { ServiceContext } from '../../context';
import { csvFile } from '../bulk-sends/csv-file';
import { cycleTimeReport } from './cycle-time-report';
import { pipelineReport } from './pipeline-report';
import { renewalsReport } from './renewals-report';
import { signerResponseReport } from './signer-response-report';
import { valueReport } from './value-report';

/** Each report's one query, by name. */
export const reports: {
  [R in ReportName]: (ctx: ServiceContext, query: ReportQuery) => Promise<ReportData[R]>;
} = {
  pipeline: pipelineReport,
  'cycle-times': cycleTimeReport,
  value: valueReport,
  renewals: renewalsReport,
  'signer-response': signerResponseReport,
};

async function tableOf(ctx: ServiceContext, name: ReportTableName, query: ReportQuery) {
  const definition = reportTables[name];
  // Each table's definition names its report, so the pair always agrees; TypeScript cannot follow
  // the name through the lookup, hence the one cast.
  const data = await reports[definition.report](ctx, query);
  return {
    definition,
    table: (definition.build as (data: unknown) => ReturnType<typeof definition.build>)(data),
    data,
  };
}

/** A report's table as the page shows it, as a CSV file named after the table and its range. */
export async function reportCsv(ctx: ServiceContext, name: ReportTableName, query: ReportQuery) {
  const { definition, table, data } = await tableOf(ctx, name, query);
  return {
    bytes: csvFile([table.columns, ...table.rows]),
    fileName: `Pactum - ${definition.file} - ${data.from} to ${data.to}.csv`,
  };
}
