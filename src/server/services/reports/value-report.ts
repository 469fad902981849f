import { sql } from 'drizzle-orm';
import type { ReportQuery, ValueReport, ValueRow } from '../../../shared/api/reports';
import { reportLimits } from '../../../shared/reports/report-range';
import type { ServiceContext } from '../../context';
import { reportScope, rowsOf } from './report-scope';

type Row = {
  by_type: number;
  currency: string;
  slot: number;
  label: string | null;
  contracts: number;
  value: string;
};

/**
 * What was signed in the range is worth, per currency (a sum never mixes two), by counterparty
 * and by contract type: the ten largest of each by name, the rest as one 'Others' row. One query:
 * grouping sets sum both ways, a window ranks each within its currency, and the ranks past ten
 * fold into one slot. Counterparties are told apart ignoring case, as the terms' index does, and named as most
 * recently written.
 */
export async function valueReport(ctx: ServiceContext, query: ReportQuery): Promise<ValueReport> {
  const scope = reportScope(ctx, query);
  // Written into the text, not bound: the grouped expression must read the same each time it appears.
  const others = sql.raw(String(reportLimits.valueTop + 1));
  const rows = await rowsOf<Row>(
    ctx.db,
    sql`
    with sums as (
      select grouping(lower(t.counterparty_company))::int as by_type, t.currency,
             case when grouping(lower(t.counterparty_company)) = 0
                  then (array_agg(t.counterparty_company order by t.updated_at desc))[1]
                  else min(ty.name) end as label,
             count(*)::int as contracts, sum(t.value) as total
      from contracts c
      join contract_terms t on t.contract_id = c.id
      left join contract_types ty on ty.id = t.type_id
      where ${scope.contracts}
        and c.status = 'signed' and c.completed_at >= ${scope.start} and c.completed_at < ${scope.end}
        and t.value is not null and t.currency is not null
      group by grouping sets ((t.currency, lower(t.counterparty_company)), (t.currency, t.type_id))
    ), ranked as (
      select *, row_number() over (partition by by_type, currency order by total desc, label nulls last) as rank
      from sums
    )
    select by_type, currency, least(rank, ${others})::int as slot,
           case when least(rank, ${others}) < ${others} then min(label) end as label,
           sum(contracts)::int as contracts, sum(total)::text as value
    from ranked
    group by by_type, currency, least(rank, ${others})
    order by by_type, currency, slot`,
  );
  const present = (row: Row): ValueRow => {
    const others = row.slot > reportLimits.valueTop;
    return {
      currency: row.currency,
      label: others ? 'Others' : (row.label ?? (row.by_type ? 'No type' : 'No counterparty')),
      kind: others ? 'others' : row.label === null ? 'none' : 'named',
      contracts: row.contracts,
      value: row.value,
    };
  };
  return {
    from: scope.from,
    to: scope.to,
    counterparties: rows.filter((row) => row.by_type === 0).map(present),
    types: rows.filter((row) => row.by_type === 1).map(present),
  };
}
