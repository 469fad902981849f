import { sql } from 'drizzle-orm';
import type { RenewalsReport, ReportQuery } from '../../../shared/api/reports';
import { renewalWindow, reportLimits } from '../../../shared/reports/report-range';
import type { ServiceContext } from '../../context';
import { reportScope, rowsOf } from './report-scope';

type Row = RenewalsReport['items'][number];

/**
 * What comes up in the next 90 days, whatever range the page shows: signed contracts that renew
 * by themselves at an end date in the window, and signed contracts whose notice deadline (the
 * last day to say no) falls in it, soonest first. Only a signed contract renews or needs notice.
 */
export async function renewalsReport(ctx: ServiceContext, query: ReportQuery): Promise<RenewalsReport> {
  const scope = reportScope(ctx, query);
  const window = renewalWindow(scope.today);
  const inWindow = (column: string) =>
    sql`${sql.raw(column)} between ${window.from}::date and ${window.to}::date`;
  const rows = await rowsOf<Row>(
    ctx.db,
    sql`
    select c.id as "contractId", c.title, t.counterparty_company as counterparty, ty.name as type,
           t.end_on::text as "endOn", t.renewal = 'automatic' as renews, t.renewal_months as "renewalMonths",
           n.due_on::text as "noticeOn", t.value::text as value, t.currency
    from contracts c
    join contract_terms t on t.contract_id = c.id
    left join contract_types ty on ty.id = t.type_id
    left join contract_deadlines n on n.contract_id = c.id and n.kind = 'notice' and n.key = ''
    where ${scope.contracts}
      and c.status = 'signed'
      and ((t.renewal = 'automatic' and ${inWindow('t.end_on')}) or ${inWindow('n.due_on')})
    order by least(case when ${inWindow('n.due_on')} then n.due_on end, t.end_on), c.title, c.id
    limit ${reportLimits.renewalItems + 1}`,
  );
  return {
    from: window.from,
    to: window.to,
    items: rows.slice(0, reportLimits.renewalItems),
    more: rows.length > reportLimits.renewalItems,
  };
}
