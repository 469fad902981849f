import { type SQL, sql } from 'drizzle-orm';
import type { ReportQuery } from '../../../shared/api/reports';
import { AppError } from '../../../shared/errors';
import { defaultReportRange, reportLimits } from '../../../shared/reports/report-range';
import { dayOf, daysBetween } from '../../../shared/terms';
import * as clock from '../../clock';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/client';

/** What every report reads: the range's days, its UTC instants, and which contracts count. */
export type ReportScope = {
  today: string;
  from: string;
  to: string;
  /** The first instant of `from` and the first instant after `to`, UTC. */
  start: SQL;
  end: SQL;
  /**
   * The contracts (aliased `c`) a report counts: the actor's organization's, never a template,
   * in the project asked for. Every report's query puts it in its where clause.
   */
  contracts: SQL;
};

export function reportScope(ctx: ServiceContext, query: ReportQuery): ReportScope {
  const today = dayOf(clock.now());
  const fallback = defaultReportRange(query.to ?? today);
  const from = query.from ?? fallback.from;
  const to = query.to ?? today;
  if (from > to) throw new AppError('INVALID_INPUT', 'from must not be after to', 'to');
  if (daysBetween(from, to) > reportLimits.maxDays) {
    throw new AppError('INVALID_INPUT', 'Ask for at most five years at once', 'from');
  }
  const project = query.projectId ? sql`and c.project_id = ${query.projectId}::uuid` : sql``;
  return {
    today,
    from,
    to,
    start: sql`(${from}::date)::timestamp at time zone 'UTC'`,
    end: sql`(${to}::date + 1)::timestamp at time zone 'UTC'`,
    contracts: sql`c.organization_id = ${ctx.actor.organizationId}::uuid and not c.is_template ${project}`,
  };
}

/** The month (UTC) of a timestamp, as 'YYYY-MM'. */
export const monthOf = (column: SQL) =>
  sql`to_char(date_trunc('month', ${column} at time zone 'UTC'), 'YYYY-MM')`;

export async function rowsOf<T>(db: Database, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}
