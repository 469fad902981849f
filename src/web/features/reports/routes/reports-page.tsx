import { useDocumentTitle } from '../../../lib/use-document-title';
import { ValueBars } from '../components/bar-list';
import { ColumnChart } from '../components/column-chart';
import { ReportFilters, useReportRange } from '../components/report-filters';
import { ReportSection, SharedTable } from '../components/report-section';

const statusSeries = [
  { key: 'signed', name: 'Signed', color: '#059669' },
  { key: 'sent', name: 'Waiting for signatures', color: '#fbbf24' },
  { key: 'draft', name: 'Still draft', color: '#94a3b8' },
  { key: 'expired', name: 'Expired', color: '#c2410c' },
  { key: 'canceled', name: 'Canceled', color: '#e11d48' },
] as const;

export function ReportsPage() {
  useDocumentTitle('Reports');
  const [range, setRange] = useReportRange();
  return (
    <div className="space-y-6">
      <div className="space-y-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Reports</h1>
          <p className="mt-1 text-slate-600">
            How your contracts move, how long signing takes, what they are worth and what renews soon.
          </p>
        </div>
        <ReportFilters range={range} onChange={setRange} />
      </div>

      <ReportSection
        id="report-pipeline"
        title="Contracts by month"
        description="Contracts created each month, by where they stand now; the table adds how many were sent and signed in each month."
        report="pipeline"
        range={range}
      >
        {(data) => (
          <>
            <ColumnChart
              stacked
              summary={`Contracts created per month, by status now: ${data.months.reduce((n, m) => n + m.created, 0)} in all. The table below lists each month.`}
              categories={data.months.map((m) => m.month)}
              series={statusSeries.map((s) => ({
                name: s.name,
                color: s.color,
                values: data.months.map((m) => m[s.key]),
              }))}
            />
            <SharedTable table="pipeline" data={data} range={range} />
          </>
        )}
      </ReportSection>

      <ReportSection
        id="report-cycle"
        title="Time to send and to sign"
        description="Median days from created to sent (in the month sent) and from sent to signed (in the month signed)."
        report="cycle-times"
        range={range}
      >
        {(data) => (
          <>
            <ColumnChart
              unit=" d"
              summary="Median days to send and to sign, per month. The tables below list each month and each contract type."
              categories={data.months.map((m) => m.month)}
              series={[
                {
                  name: 'Created → sent',
                  color: '#0ea5e9',
                  values: data.months.map((m) => m.createdToSentDays),
                },
                {
                  name: 'Sent → signed',
                  color: '#4f46e5',
                  values: data.months.map((m) => m.sentToSignedDays),
                },
              ]}
            />
            <SharedTable table="cycle-months" data={data} range={range} />
            <h3 className="pt-2 text-sm font-semibold text-slate-900">By contract type</h3>
            <SharedTable table="cycle-types" data={data} range={range} />
          </>
        )}
      </ReportSection>

      <ReportSection
        id="report-value"
        title="Signed value"
        description="The value of contracts signed in the range, per currency (never added across currencies): the ten largest, then the others."
        report="value"
        range={range}
      >
        {(data) => (
          <div className="grid gap-6 lg:grid-cols-2">
            <div className="min-w-0 space-y-3">
              <h3 className="text-sm font-semibold text-slate-900">By counterparty</h3>
              <ValueBars
                rows={data.counterparties}
                summary="Signed value by counterparty, per currency. The table below lists it."
              />
              <SharedTable table="value-counterparties" data={data} range={range} />
            </div>
            <div className="min-w-0 space-y-3">
              <h3 className="text-sm font-semibold text-slate-900">By contract type</h3>
              <ValueBars
                rows={data.types}
                summary="Signed value by contract type, per currency. The table below lists it."
              />
              <SharedTable table="value-types" data={data} range={range} />
            </div>
          </div>
        )}
      </ReportSection>

      <ReportSection
        id="report-renewals"
        title="Renewals coming up"
        description="Signed contracts that renew by themselves in the next 90 days, or whose notice deadline falls in them (the range above does not apply)."
        report="renewals"
        range={range}
      >
        {(data) => (
          <>
            <p className="text-sm text-slate-700">
              {data.items.filter((item) => item.renews).length} renewing,{' '}
              {data.items.filter((item) => item.noticeOn).length} with a notice deadline, between {data.from}{' '}
              and {data.to}
              {data.more ? ' (the first 500 listed)' : ''}.
            </p>
            <SharedTable
              table="renewals"
              data={data}
              range={range}
              rowLinks={data.items.map((item) => `/contracts/${item.contractId}`)}
            />
          </>
        )}
      </ReportSection>

      <ReportSection
        id="report-signers"
        title="How long signers take"
        description="Hours from a signer's invitation (when their turn came) to their signature, by the month they signed."
        report="signer-response"
        range={range}
      >
        {(data) => (
          <>
            <ColumnChart
              unit=" h"
              summary="Median and 90th percentile hours from invitation to signature, per month. The table below lists each month."
              categories={data.months.map((m) => m.month)}
              series={[
                { name: 'Median', color: '#4f46e5', values: data.months.map((m) => m.medianHours) },
                {
                  name: '90th percentile',
                  color: '#a5b4fc',
                  values: data.months.map((m) => m.p90Hours),
                },
              ]}
            />
            <SharedTable table="signer-response" data={data} range={range} />
          </>
        )}
      </ReportSection>
    </div>
  );
}
