import type {
  CycleTimeReport,
  PipelineReport,
  RenewalsReport,
  SignerResponseReport,
  ValueReport,
  ValueRow,
} from '../api/reports';

/**
 * Every table the Reports page shows, declared once: the page draws it as a <table> beside its
 * chart, and the server writes exactly its cells as the table's CSV download, so the two never
 * say different things. A table reads one report (one aggregation query).
 */
export type ReportData = {
  pipeline: PipelineReport;
  'cycle-times': CycleTimeReport;
  value: ValueReport;
  renewals: RenewalsReport;
  'signer-response': SignerResponseReport;
};
export type ReportName = keyof ReportData;
export const reportNames = ['pipeline', 'cycle-times', 'value', 'renewals', 'signer-response'] as const;

export type ReportTable = { columns: string[]; rows: string[][] };

type TableDefinition<R extends ReportName> = {
  report: R;
  title: string;
  /** The CSV's file name, without the range. */
  file: string;
  build: (data: ReportData[R]) => ReportTable;
};

const count = (n: number) => String(n);
const measured = (value: number | null) => (value === null ? '' : value.toFixed(1));

const valueTable = (rows: ValueRow[], label: string): ReportTable => ({
  columns: ['Currency', label, 'Contracts', 'Value'],
  rows: rows.map((row) => [row.currency, row.label, count(row.contracts), row.value]),
});

function table<R extends ReportName>(definition: TableDefinition<R>): TableDefinition<R> {
  return definition;
}

export const reportTables = {
  pipeline: table({
    report: 'pipeline',
    title: 'Contracts by month',
    file: 'contracts by month',
    build: (data) => ({
      columns: [
        'Month',
        'Created',
        'Still draft',
        'Waiting for signatures',
        'Signed',
        'Expired',
        'Canceled',
        'Sent in month',
        'Signed in month',
      ],
      rows: data.months.map((m) => [
        m.month,
        count(m.created),
        count(m.draft),
        count(m.sent),
        count(m.signed),
        count(m.expired),
        count(m.canceled),
        count(m.sentInMonth),
        count(m.signedInMonth),
      ]),
    }),
  }),
  'cycle-months': table({
    report: 'cycle-times',
    title: 'Time to send and to sign, by month',
    file: 'time to sign by month',
    build: (data) => ({
      columns: ['Month', 'Sent', 'Median days created → sent', 'Signed', 'Median days sent → signed'],
      rows: data.months.map((m) => [
        m.month,
        count(m.sent),
        measured(m.createdToSentDays),
        count(m.signed),
        measured(m.sentToSignedDays),
      ]),
    }),
  }),
  'cycle-types': table({
    report: 'cycle-times',
    title: 'Time to send and to sign, by contract type',
    file: 'time to sign by type',
    build: (data) => ({
      columns: ['Contract type', 'Sent', 'Median days created → sent', 'Signed', 'Median days sent → signed'],
      rows: data.types.map((t) => [
        t.type,
        count(t.sent),
        measured(t.createdToSentDays),
        count(t.signed),
        measured(t.sentToSignedDays),
      ]),
    }),
  }),
  'value-counterparties': table({
    report: 'value',
    title: 'Signed value by counterparty',
    file: 'value by counterparty',
    build: (data) => valueTable(data.counterparties, 'Counterparty'),
  }),
  'value-types': table({
    report: 'value',
    title: 'Signed value by contract type',
    file: 'value by type',
    build: (data) => valueTable(data.types, 'Contract type'),
  }),
  renewals: table({
    report: 'renewals',
    title: 'Renewals and notice deadlines in the next 90 days',
    file: 'renewals',
    build: (data) => ({
      columns: [
        'Contract',
        'Counterparty',
        'Contract type',
        'End date',
        'Renews',
        'Notice by',
        'Value',
        'Currency',
      ],
      rows: data.items.map((item) => [
        item.title,
        item.counterparty ?? '',
        item.type ?? '',
        item.endOn ?? '',
        item.renews ? (item.renewalMonths ? `Yes, for ${item.renewalMonths} months` : 'Yes') : 'No',
        item.noticeOn ?? '',
        item.value ?? '',
        item.currency ?? '',
      ]),
    }),
  }),
  'signer-response': table({
    report: 'signer-response',
    title: 'How long signers take',
    file: 'signer response',
    build: (data) => ({
      columns: ['Month', 'Signatures', 'Median hours', '90th percentile hours'],
      rows: data.months.map((m) => [
        m.month,
        count(m.signatures),
        measured(m.medianHours),
        measured(m.p90Hours),
      ]),
    }),
  }),
};
export type ReportTableName = keyof typeof reportTables;
export const reportTableNames = [
  'pipeline',
  'cycle-months',
  'cycle-types',
  'value-counterparties',
  'value-types',
  'renewals',
  'signer-response',
] as const satisfies readonly ReportTableName[];
