import type { ReactNode } from 'react';
import type { ReportData, ReportName, ReportTableName } from '../../../../shared/reports/report-tables';
import { reportTables } from '../../../../shared/reports/report-tables';
import { ErrorBanner } from '../../../components/ui/banner';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api-errors';
import { type ReportRange, reportCsvUrl, useReport } from '../api/reports';
import { ReportTableView } from './report-table';

/** A titled card that loads one report and draws its charts and tables once it has it. */
export function ReportSection<R extends ReportName>(props: {
  id: string;
  title: string;
  description: string;
  report: R;
  range: ReportRange;
  children: (data: ReportData[R]) => ReactNode;
}) {
  const { id, title, description, report, range, children } = props;
  const query = useReport(report, range);
  return (
    <Card className="min-w-0 p-4 sm:p-6">
      <section aria-labelledby={id} aria-busy={query.isFetching} className="space-y-4">
        <div>
          <h2 id={id} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{description}</p>
        </div>
        {query.error ? (
          <ErrorBanner>{errorMessage(query.error)}</ErrorBanner>
        ) : query.data ? (
          children(query.data)
        ) : (
          <div className="h-44 animate-pulse rounded-md bg-slate-100" />
        )}
      </section>
    </Card>
  );
}

/** One of the shared tables, for the report's answer, with its CSV link for the same range. */
export function SharedTable<T extends ReportTableName>(props: {
  table: T;
  data: ReportData[(typeof reportTables)[T]['report']];
  range: ReportRange;
  rowLinks?: string[];
}) {
  const definition = reportTables[props.table];
  const table = (definition.build as (data: unknown) => ReturnType<typeof definition.build>)(props.data);
  return (
    <ReportTableView
      caption={definition.title}
      table={table}
      csvUrl={reportCsvUrl(props.table, props.range)}
    />
  );
}
