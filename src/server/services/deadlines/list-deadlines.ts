import { sql } from 'drizzle-orm';
import type {
  Deadline,
  DeadlineList,
  DeadlineSummary,
  ListDeadlinesQuery,
} from '../../../shared/api/deadlines';
import { AppError } from '../../../shared/errors';
import type { ContractStatus } from '../../../shared/statuses';
import { addDays, type DeadlineKind, dayOf, daysBetween, deadlineWording } from '../../../shared/terms';
import * as clock from '../../clock';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/client';

type DeadlineRow = {
  contract_id: string;
  title: string;
  status: ContractStatus;
  kind: DeadlineKind;
  key: string;
  label: string | null;
  due_on: string;
  owner_id: string | null;
  owner_name: string | null;
  counterparty: string | null;
  renews: boolean;
};

/** The contracts whose deadlines count: a contract canceled, declined or never signed in time has none. */
export const liveStatuses = sql`('draft', 'sent', 'signed')`;

/**
 * Deadlines of one organization between two days (inclusive), nearest first; `userId` narrows
 * them to contracts that person owns or watches. The owner is the one named in the terms, else
 * whoever created the contract.
 */
export async function deadlinesBetween(
  db: Database,
  scope: { organizationIds: readonly string[]; userId?: string },
  from: string,
  to: string,
  limit: number,
): Promise<DeadlineRow[]> {
  const orgs = sql.join(
    scope.organizationIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const mine = scope.userId
    ? sql`and (coalesce(t.owner_id, c.created_by) = ${scope.userId}::uuid
          or exists (select 1 from contract_watchers w where w.contract_id = d.contract_id and w.user_id = ${scope.userId}::uuid))`
    : sql``;
  const result = await db.execute(sql`
    select d.contract_id, c.title, c.status, d.kind, d.key, d.label, d.due_on::text as due_on,
           coalesce(t.owner_id, c.created_by) as owner_id, u.name as owner_name,
           t.counterparty_company as counterparty, coalesce(t.renewal = 'automatic', false) as renews
    from contract_deadlines d
    join contracts c on c.id = d.contract_id
    left join contract_terms t on t.contract_id = d.contract_id
    left join users u on u.id = coalesce(t.owner_id, c.created_by)
    where d.organization_id in (${orgs})
      and d.due_on between ${from}::date and ${to}::date
      and c.status in ${liveStatuses}
      ${mine}
    order by d.due_on, c.title, d.kind
    limit ${limit}`);
  return (result as unknown as { rows: DeadlineRow[] }).rows;
}

export function presentDeadline(row: DeadlineRow, today: string): Deadline {
  return {
    contractId: row.contract_id,
    contractTitle: row.title,
    status: row.status,
    kind: row.kind,
    key: row.key,
    label: deadlineWording(row.kind, row.label),
    dueOn: row.due_on,
    daysLeft: daysBetween(today, row.due_on),
    ownerId: row.owner_id,
    ownerName: row.owner_name,
    counterparty: row.counterparty,
    renews: row.renews,
  };
}

/** The Deadlines page: a range (today and the next 90 days unless asked), the organization's or the actor's. */
export async function listDeadlines(ctx: ServiceContext, query: ListDeadlinesQuery): Promise<DeadlineList> {
  const today = dayOf(clock.now());
  const from = query.from ?? today;
  const to = query.to ?? addDays(from, 90);
  if (daysBetween(from, to) > 800) {
    throw new AppError('INVALID_INPUT', 'Ask for at most 800 days of deadlines at once', 'to');
  }
  const rows = await deadlinesBetween(
    ctx.db,
    { organizationIds: [ctx.actor.organizationId], ...(query.mine ? { userId: ctx.actor.userId } : {}) },
    from,
    to,
    query.limit + 1,
  );
  return {
    items: rows.slice(0, query.limit).map((row) => presentDeadline(row, today)),
    more: rows.length > query.limit,
  };
}

/** The dashboard's view ahead: how many deadlines fall in the next 30, 60 and 90 days, and the nearest few. */
export async function deadlineSummary(ctx: ServiceContext): Promise<DeadlineSummary> {
  const today = dayOf(clock.now());
  const result = await ctx.db.execute(sql`
    select count(*) filter (where d.due_on <= ${addDays(today, 30)}::date)::int as within30,
           count(*) filter (where d.due_on <= ${addDays(today, 60)}::date)::int as within60,
           count(*)::int as within90
    from contract_deadlines d
    join contracts c on c.id = d.contract_id
    where d.organization_id = ${ctx.actor.organizationId}::uuid
      and d.due_on between ${today}::date and ${addDays(today, 90)}::date
      and c.status in ${liveStatuses}`);
  type Counts = { within30: number; within60: number; within90: number };
  const counts = (result as unknown as { rows: Counts[] }).rows[0] ?? {
    within30: 0,
    within60: 0,
    within90: 0,
  };
  const next = await deadlinesBetween(
    ctx.db,
    { organizationIds: [ctx.actor.organizationId] },
    today,
    addDays(today, 90),
    5,
  );
  return { ...counts, next: next.map((row) => presentDeadline(row, today)) };
}
