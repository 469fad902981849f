import { sql } from 'drizzle-orm';
import type { PipelineReport, ReportQuery } from '../../../shared/api/reports';
import { monthsBetween } from '../../../shared/reports/report-range';
import type { ServiceContext } from '../../context';
import { monthOf, reportScope, rowsOf } from './report-scope';

type Row = PipelineReport['months'][number];

/**
 * How the pipeline moves: each contract counts in the month it was created (by the status it has
 * now), in the month it was sent and in the month it was signed. One pass over the contracts,
 * each giving up to three dated events, grouped by month in SQL.
 */
export async function pipelineReport(ctx: ServiceContext, query: ReportQuery): Promise<PipelineReport> {
  const scope = reportScope(ctx, query);
  const rows = await rowsOf<Row>(
    ctx.db,
    sql`
    select ${monthOf(sql`e.at`)} as month,
           count(*) filter (where e.kind = 'created')::int as created,
           count(*) filter (where e.kind = 'created' and c.status = 'draft')::int as draft,
           count(*) filter (where e.kind = 'created' and c.status = 'sent')::int as sent,
           count(*) filter (where e.kind = 'created' and c.status = 'signed')::int as signed,
           count(*) filter (where e.kind = 'created' and c.status = 'expired')::int as expired,
           count(*) filter (where e.kind = 'created' and c.status = 'canceled')::int as canceled,
           count(*) filter (where e.kind = 'sent')::int as "sentInMonth",
           count(*) filter (where e.kind = 'signed')::int as "signedInMonth"
    from contracts c
    cross join lateral (values
      ('created', c.created_at),
      ('sent', c.sent_at),
      ('signed', case when c.status = 'signed' then c.completed_at end)
    ) as e(kind, at)
    where ${scope.contracts}
      and e.at >= ${scope.start} and e.at < ${scope.end}
    group by 1`,
  );
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  const empty = {
    created: 0,
    draft: 0,
    sent: 0,
    signed: 0,
    expired: 0,
    canceled: 0,
    sentInMonth: 0,
    signedInMonth: 0,
  };
  return {
    from: scope.from,
    to: scope.to,
    months: monthsBetween(scope.from, scope.to).map((month) => ({ ...empty, ...byMonth.get(month), month })),
  };
}
