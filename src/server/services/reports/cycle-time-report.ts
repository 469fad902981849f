import { sql } from 'drizzle-orm';
import type { CycleTimeReport, ReportQuery } from '../../../shared/api/reports';
import { monthsBetween } from '../../../shared/reports/report-range';
import type { ServiceContext } from '../../context';
import { monthOf, reportScope, rowsOf } from './report-scope';

type Row = {
  by_type: number;
  stage: 'sent' | 'signed';
  month: string | null;
  type_id: string | null;
  type_name: string | null;
  n: number;
  median_days: number | null;
};

type StageTimes = Omit<CycleTimeReport['months'][number], 'month'>;
const noTimes: StageTimes = { sent: 0, createdToSentDays: null, signed: 0, sentToSignedDays: null };

function addStage(times: StageTimes, row: Row): StageTimes {
  return row.stage === 'sent'
    ? { ...times, sent: row.n, createdToSentDays: row.median_days }
    : { ...times, signed: row.n, sentToSignedDays: row.median_days };
}

/**
 * The median time each stage took: created → sent, counted in the month it was sent, and sent →
 * signed, in the month it was signed. One query: each contract gives up to two measured stages,
 * and grouping sets median them by month and by contract type at once.
 */
export async function cycleTimeReport(ctx: ServiceContext, query: ReportQuery): Promise<CycleTimeReport> {
  const scope = reportScope(ctx, query);
  const rows = await rowsOf<Row>(
    ctx.db,
    sql`
    with stages as (
      select s.stage, ${monthOf(sql`s.at`)} as month, t.type_id,
             extract(epoch from (s.at - s.since)) / 86400 as days
      from contracts c
      left join contract_terms t on t.contract_id = c.id
      cross join lateral (values
        ('sent', c.sent_at, c.created_at),
        ('signed', case when c.status = 'signed' then c.completed_at end, c.sent_at)
      ) as s(stage, at, since)
      where ${scope.contracts}
        and s.since is not null and s.at >= ${scope.start} and s.at < ${scope.end}
    )
    select grouping(s.month)::int as by_type, s.stage, s.month, s.type_id, ty.name as type_name,
           count(*)::int as n,
           round((percentile_cont(0.5) within group (order by s.days))::numeric, 1)::float8 as median_days
    from stages s
    left join contract_types ty on ty.id = s.type_id
    group by grouping sets ((s.stage, s.month), (s.stage, s.type_id, ty.name))`,
  );
  const months = new Map<string, StageTimes>();
  const types = new Map<string, StageTimes & { typeId: string | null; type: string }>();
  for (const row of rows) {
    if (row.by_type === 0 && row.month) {
      months.set(row.month, addStage(months.get(row.month) ?? noTimes, row));
    } else {
      const key = row.type_id ?? '';
      const known = types.get(key) ?? { ...noTimes, typeId: row.type_id, type: row.type_name ?? 'No type' };
      types.set(key, { ...known, ...addStage(known, row) });
    }
  }
  return {
    from: scope.from,
    to: scope.to,
    months: monthsBetween(scope.from, scope.to).map((month) => ({
      month,
      ...(months.get(month) ?? noTimes),
    })),
    types: [...types.values()].sort(
      (a, b) => Number(a.typeId === null) - Number(b.typeId === null) || a.type.localeCompare(b.type),
    ),
  };
}
