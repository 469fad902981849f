import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReportQuery } from '../../../../shared/api/reports';
import type { ReportData, ReportName, ReportTableName } from '../../../../shared/reports/report-tables';
import { api } from '../../../lib/api';
import { reportKeys } from '../../../lib/query-keys';

export type ReportRange = { from: string; to: string; projectId?: string };

const fetchers: { [R in ReportName]: (query: ReportQuery) => Promise<ReportData[R]> } = {
  pipeline: (query) => api.reports.pipeline({ query }),
  'cycle-times': (query) => api.reports.cycleTimes({ query }),
  value: (query) => api.reports.value({ query }),
  renewals: (query) => api.reports.renewals({ query }),
  'signer-response': (query) => api.reports.signerResponse({ query }),
};

const queryOf = (range: ReportRange): ReportQuery => ({
  from: range.from,
  to: range.to,
  ...(range.projectId ? { projectId: range.projectId } : {}),
});

/** One report for the range; the last answer stays shown while a new range loads. */
export function useReport<R extends ReportName>(name: R, range: ReportRange) {
  return useQuery({
    queryKey: reportKeys.report(name, range),
    queryFn: () => fetchers[name](queryOf(range)),
    placeholderData: keepPreviousData,
  });
}

/** The address of a table's CSV for the range (the browser downloads it itself). */
export function reportCsvUrl(table: ReportTableName, range: ReportRange): string {
  return api.reports.csv.url({ params: { table }, query: queryOf(range) });
}
