import { eq, inArray, sql } from 'drizzle-orm';
import {
  addDays,
  type DeadlineKind,
  dayOf,
  daysBetween,
  deadlineWording,
  defaultLeadDays,
} from '../../../shared/terms';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { contracts, deadlineReminders, users } from '../../db/schema';
import { systemAuthor } from '../history/author-of';
import { transition } from '../lifecycle/transition';
import { liveStatuses } from './list-deadlines';

type Due = {
  contract_id: string;
  organization_id: string;
  kind: DeadlineKind;
  key: string;
  label: string | null;
  due_on: string;
  user_id: string;
  lead_days: number;
};

const defaultLeads = sql.raw(`'{${defaultLeadDays.join(',')}}'::int[]`);

/**
 * The reminders due now: for each deadline from today on, each person who hears of it (its owner
 * and its watchers, while members of its organization) and each of their lead times the day has
 * reached, that was not given yet. A deadline set 10 days ahead crosses the 90 and 30 day lead
 * times at once: the person gets one reminder, and both are marked given.
 */
async function dueReminders(db: Database, today: string, limit: number): Promise<Due[]> {
  const result = await db.execute(sql`
    select d.contract_id, d.organization_id, d.kind, d.key, d.label, d.due_on::text as due_on,
           people.user_id, lead.days as lead_days
    from contract_deadlines d
    join contracts c on c.id = d.contract_id
    left join contract_terms t on t.contract_id = d.contract_id
    cross join lateral (
      select coalesce(t.owner_id, c.created_by) as user_id
      union
      select w.user_id from contract_watchers w where w.contract_id = d.contract_id
    ) people
    join memberships m on m.user_id = people.user_id and m.organization_id = d.organization_id
    left join deadline_preferences p on p.user_id = people.user_id
    cross join lateral unnest(coalesce(p.lead_days, ${defaultLeads})) as lead(days)
    where d.due_on between ${today}::date and ${addDays(today, 366)}::date
      and c.status in ${liveStatuses}
      and d.due_on - lead.days <= ${today}::date
      and not exists (
        select 1 from deadline_reminders r
        where r.contract_id = d.contract_id and r.user_id = people.user_id and r.kind = d.kind
          and r.key = d.key and r.due_on = d.due_on and r.lead_days = lead.days)
    order by d.contract_id, d.kind, d.key
    limit ${limit}`);
  return (result as unknown as { rows: Due[] }).rows;
}

/**
 * Gives the reminders due now (the sweep, every minute): one contract.deadline_approaching step
 * per deadline, naming everyone reminded, whose consumer (deadline-notices) writes their bell
 * notices and e-mails. Each reminder is recorded once (deadline_reminders), in the step's
 * transaction, so a sweep run twice or by two processes reminds nobody twice. Returns the steps taken.
 */
export async function remindDeadlines(db: Database, now = clock.now()): Promise<number> {
  const today = dayOf(now);
  const due = await dueReminders(db, today, 1000);
  const byDeadline = new Map<string, Due[]>();
  for (const row of due) {
    const id = `${row.contract_id}|${row.kind}|${row.key}|${row.due_on}`;
    byDeadline.set(id, [...(byDeadline.get(id) ?? []), row]);
  }
  let steps = 0;
  for (const rows of byDeadline.values()) {
    const first = rows[0] as Due;
    const taken = await db.transaction(async (tx) => {
      const [contract] = await tx
        .select({ id: contracts.id, organizationId: contracts.organizationId, status: contracts.status })
        .from(contracts)
        .where(eq(contracts.id, first.contract_id))
        .for('update', { skipLocked: true });
      if (!contract) return false;
      const given = await tx
        .insert(deadlineReminders)
        .values(
          rows.map((row) => ({
            contractId: row.contract_id,
            userId: row.user_id,
            kind: row.kind,
            key: row.key,
            dueOn: row.due_on,
            leadDays: row.lead_days,
            createdAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: deadlineReminders.id, userId: deadlineReminders.userId });
      if (given.length === 0) return false;
      const userIds = [...new Set(given.map((row) => row.userId))];
      const people = await tx
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(inArray(users.id, userIds));
      const label = deadlineWording(first.kind, first.label);
      const eventId = await transition(tx, {
        contract,
        step: 'contract.deadline_approaching',
        facts: {
          kind: first.kind,
          key: first.key,
          label,
          dueOn: first.due_on,
          daysLeft: String(daysBetween(today, first.due_on)),
          recipientIds: userIds.join(','),
          recipientNames: people.map((person) => person.name).join(', '),
        },
        author: systemAuthor,
        at: now,
      });
      await tx
        .update(deadlineReminders)
        .set({ eventId })
        .where(
          inArray(
            deadlineReminders.id,
            given.map((row) => row.id),
          ),
        );
      return true;
    });
    if (taken) steps += 1;
  }
  return steps;
}
