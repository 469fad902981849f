import { sql } from 'drizzle-orm';
import type { ReportQuery, SignerResponseReport } from '../../../shared/api/reports';
import { monthsBetween } from '../../../shared/reports/report-range';
import type { ServiceContext } from '../../context';
import { monthOf, reportScope, rowsOf } from './report-scope';

type Row = SignerResponseReport['months'][number];

/**
 * How long recipients take to sign once invited (signers.invited_at: when their turn came, so a
 * signer in order is not charged for the wait before it), by the month they signed: the median
 * and the 90th percentile in hours, from one grouped query.
 */
export async function signerResponseReport(
  ctx: ServiceContext,
  query: ReportQuery,
): Promise<SignerResponseReport> {
  const scope = reportScope(ctx, query);
  const hours = sql`extract(epoch from (s.signed_at - s.invited_at)) / 3600`;
  const rows = await rowsOf<Row>(
    ctx.db,
    sql`
    select ${monthOf(sql`s.signed_at`)} as month, count(*)::int as signatures,
           round((percentile_cont(0.5) within group (order by ${hours}))::numeric, 1)::float8 as "medianHours",
           round((percentile_cont(0.9) within group (order by ${hours}))::numeric, 1)::float8 as "p90Hours"
    from signers s
    join contracts c on c.id = s.contract_id
    where ${scope.contracts}
      and s.invited_at is not null and s.signed_at >= s.invited_at
      and s.signed_at >= ${scope.start} and s.signed_at < ${scope.end}
    group by 1`,
  );
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  return {
    from: scope.from,
    to: scope.to,
    months: monthsBetween(scope.from, scope.to).map(
      (month) => byMonth.get(month) ?? { month, signatures: 0, medianHours: null, p90Hours: null },
    ),
  };
}
