import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { EventData } from '../../../shared/events';
import { dayOf, daysBetween, deadlineWording } from '../../../shared/terms';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import {
  contractDeadlines,
  contracts,
  deadlinePreferences,
  deadlineReminders,
  memberships,
  users,
} from '../../db/schema';
import type { DigestLine } from '../../mail/kinds/deadlines';
import type { MailMessage } from '../../mail/kinds/define-mail';
import { queueMail } from '../../mail/queue-mail';
import { notify } from '../lifecycle/notify';
import { type MailDeps, pageLink } from '../mail/facts/mail-deps';
import { organizationNameOf } from '../mail/facts/organization-name';

const daysWord = (days: number) => (days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`);

/**
 * The people a deadline reminder names hear of it (the deadline-notices consumer): a bell notice
 * each, and an e-mail each unless they take a daily digest (which lists it instead). Safe to run
 * twice: one notice per event and person, one message per event and person.
 */
export async function giveDeadlineNotices(
  db: Database,
  event: {
    id: string;
    contractId: string | null;
    createdAt: Date;
    data: EventData<'contract.deadline_approaching'>;
  },
): Promise<void> {
  if (!event.contractId) return;
  const [contract] = await db
    .select({ title: contracts.title, organizationId: contracts.organizationId })
    .from(contracts)
    .where(eq(contracts.id, event.contractId));
  if (!contract) return;
  const people = await db
    .selectDistinct({
      id: users.id,
      name: users.name,
      email: users.email,
      digest: deadlinePreferences.digest,
    })
    .from(deadlineReminders)
    .innerJoin(users, eq(users.id, deadlineReminders.userId))
    .innerJoin(
      memberships,
      and(eq(memberships.userId, users.id), eq(memberships.organizationId, contract.organizationId)),
    )
    .leftJoin(deadlinePreferences, eq(deadlinePreferences.userId, users.id))
    .where(eq(deadlineReminders.eventId, event.id));
  if (people.length === 0) return;
  const { label, dueOn, daysLeft } = event.data;
  await db.transaction(async (tx) => {
    await notify(tx, {
      userIds: people.map((person) => person.id),
      kind: 'deadline',
      message: `${label} of "${contract.title}" is ${dueOn}, ${daysWord(Number(daysLeft))}`,
      contractId: event.contractId,
      eventId: event.id,
      at: event.createdAt,
    });
    for (const person of people) {
      if (person.digest) continue;
      await queueMail(tx, {
        organizationId: contract.organizationId,
        contractId: event.contractId,
        kind: 'deadline_reminder',
        to: { name: person.name, email: person.email },
        params: { label, dueOn, daysLeft },
        dedupeKey: `deadline:${event.id}:${person.id}`,
      });
    }
  });
}

/**
 * The daily digests (a sweep): each person who takes one and has reminders not yet listed gets
 * one message listing them, at most once a UTC day; the rest wait for the next day's.
 */
export async function sendDeadlineDigests(db: Database, now = clock.now()): Promise<number> {
  const today = dayOf(now);
  const waiting = await db.execute(sql`
    select r.user_id, m.organization_id
    from deadline_reminders r
    join deadline_preferences p on p.user_id = r.user_id and p.digest
    join contracts c on c.id = r.contract_id
    join memberships m on m.user_id = r.user_id and m.organization_id = c.organization_id
    where r.digested_at is null and r.event_id is not null
      and not exists (
        select 1 from deadline_reminders sent
        where sent.user_id = r.user_id and sent.digested_at >= ${`${today}T00:00:00Z`}::timestamptz)
    group by r.user_id, m.organization_id
    limit 200`);
  let sent = 0;
  for (const { user_id: userId, organization_id: organizationId } of (
    waiting as unknown as { rows: { user_id: string; organization_id: string }[] }
  ).rows) {
    await db.transaction(async (tx) => {
      const [person] = await tx
        .select({ name: users.name, email: users.email })
        .from(users)
        .where(eq(users.id, userId));
      if (!person) return;
      const marked = await tx
        .update(deadlineReminders)
        .set({ digestedAt: now })
        .where(
          and(
            eq(deadlineReminders.userId, userId),
            isNull(deadlineReminders.digestedAt),
            sql`${deadlineReminders.eventId} is not null`,
            sql`${deadlineReminders.contractId} in (select id from contracts where organization_id = ${organizationId}::uuid)`,
          ),
        )
        .returning({ id: deadlineReminders.id });
      if (marked.length === 0) return;
      await queueMail(tx, {
        organizationId,
        contractId: null,
        kind: 'deadline_digest',
        to: person,
        params: { userId, at: now.toISOString() },
        dedupeKey: `deadline-digest:${userId}:${organizationId}:${today}`,
      });
      sent += 1;
    });
  }
  return sent;
}

/** What a digest lists, read when it is delivered: the reminders it marked, one line per deadline. */
export async function deadlineDigestFacts(
  deps: MailDeps,
  message: MailMessage<{ userId: string; at: string }>,
) {
  const organizationName = await organizationNameOf(deps.db, message.organizationId);
  if (organizationName === null || !message.organizationId) return null;
  const rows = await deps.db
    .selectDistinct({
      contractId: deadlineReminders.contractId,
      title: contracts.title,
      kind: deadlineReminders.kind,
      key: deadlineReminders.key,
      dueOn: deadlineReminders.dueOn,
      label: contractDeadlines.label,
    })
    .from(deadlineReminders)
    .innerJoin(contracts, eq(contracts.id, deadlineReminders.contractId))
    .leftJoin(
      contractDeadlines,
      and(
        eq(contractDeadlines.contractId, deadlineReminders.contractId),
        eq(contractDeadlines.kind, deadlineReminders.kind),
        eq(contractDeadlines.key, deadlineReminders.key),
      ),
    )
    .where(
      and(
        eq(deadlineReminders.userId, message.params.userId),
        eq(deadlineReminders.digestedAt, new Date(message.params.at)),
        eq(contracts.organizationId, message.organizationId),
      ),
    )
    .orderBy(asc(deadlineReminders.dueOn), asc(contracts.title));
  if (rows.length === 0) return null;
  const day = dayOf(new Date(message.params.at));
  const lines: DigestLine[] = rows.map((row) => ({
    title: row.title,
    label: deadlineWording(row.kind, row.label ?? row.key),
    dueOn: row.dueOn,
    daysLeft: daysBetween(day, row.dueOn),
    link: pageLink(deps, `/contracts/${row.contractId}`),
  }));
  return { organizationName, recipientName: message.toName, lines, link: pageLink(deps, '/deadlines') };
}
