import { and, asc, eq, inArray } from 'drizzle-orm';
import { groupOf, type RecipientOutcome, type RecipientRecord, roleOf } from '../../../shared/recipients';
import type { Database } from '../../db/client';
import { type ContractHistoryRow, contractHistory, events, type SignerRow, signers } from '../../db/schema';

/** The events the record reads beyond the recipient rows: who named whom, and corrections. */
const recordedTypes = ['signer.named', 'signer.corrected'] as const;
type RecordedEvent = { type: string; data: Record<string, string | null>; createdAt: Date };
type HistoryEntry = Pick<ContractHistoryRow, 'action' | 'userName' | 'timestamp'>;

/**
 * Every recipient of a contract as its record states them (shared/recipients/record.ts): the
 * certificate of completion prints this, the verify page shows it. Delegated entries stay, each
 * before the delegate who took their number.
 */
export function recipientRecords(facts: {
  signers: readonly SignerRow[];
  sequential: boolean;
  events: readonly RecordedEvent[];
  history: readonly HistoryEntry[];
}): RecipientRecord[] {
  const all = facts.signers;
  const live = all.filter((row) => row.status !== 'delegated');
  const nameOf = (row: SignerRow) => row.fieldValues?.fullName ?? row.name;
  const byPosition = (position: number | null) =>
    position === null ? undefined : live.find((row) => row.position === position);
  const corrections = correctionsOf(facts.events, facts.history);
  const namers = new Map(
    facts.events
      .filter((event) => event.type === 'signer.named')
      .map((event) => [event.data.signerId, event.data.namedByName]),
  );
  return all.map((row) => {
    const delegate = all.find((other) => other.delegatedFrom === row.id);
    const from = all.find((other) => other.id === row.delegatedFrom);
    const witnessed = row.role === 'witness' ? byPosition(row.witnessOf) : undefined;
    const namer = row.namedBy === null ? undefined : byPosition(row.namedBy);
    const { outcome, at } = outcomeOf(row);
    return {
      number: row.position,
      name: nameOf(row),
      email: row.email,
      role: roleOf(row.role).label,
      group: facts.sequential ? groupOf(row, all, true) : null,
      outcome,
      at,
      witnessOf: witnessed ? nameOf(witnessed) : null,
      reason: outcome === 'declined' || outcome === 'rejected' ? row.declineReason : null,
      namedBy: row.namedBy === null ? null : (namers.get(row.id) ?? (namer ? nameOf(namer) : null)),
      delegatedTo:
        row.status === 'delegated' && delegate
          ? {
              name: delegate.name,
              email: delegate.email ?? '',
              at: row.delegatedAt ?? delegate.createdAt,
              reason: row.delegationReason ?? '',
            }
          : null,
      delegatedFrom: from ? nameOf(from) : null,
      corrections: corrections.get(row.id) ?? [],
    };
  });
}

/** What a recipient did and when, by their role and status. */
function outcomeOf(row: SignerRow): { outcome: RecipientOutcome; at: Date | null } {
  if (row.status === 'delegated') return { outcome: 'delegated', at: row.delegatedAt };
  if (row.status === 'declined') return { outcome: 'declined', at: row.declinedAt };
  if (row.status === 'rejected') return { outcome: 'rejected', at: row.declinedAt };
  if (row.role === 'cc') return { outcome: 'copied', at: row.invitedAt };
  if (!roleOf(row.role).doneIn.includes(row.status)) return { outcome: 'not done', at: null };
  if (row.role === 'witness') return { outcome: 'witnessed', at: row.signedAt };
  if (row.role === 'approver') return { outcome: 'approved', at: row.approvedAt };
  if (row.role === 'viewer') return { outcome: 'viewed', at: row.viewedAt };
  return { outcome: 'signed', at: row.signedAt };
}

/**
 * The corrections of each recipient, by id. Each correction's event and history entry are
 * written by the same step, so the n-th of one is the n-th of the other: the entry says who made it.
 */
function correctionsOf(recorded: readonly RecordedEvent[], history: readonly HistoryEntry[]) {
  const entries = history.filter((entry) => entry.action === 'recipient_corrected');
  const byRecipient = new Map<string, RecipientRecord['corrections']>();
  recorded
    .filter((event) => event.type === 'signer.corrected')
    .forEach((event, index) => {
      const id = event.data.signerId ?? '';
      const person = (name: string | null | undefined, email: string | null | undefined) =>
        `${name ?? ''} <${email ?? 'no address'}>`;
      byRecipient.set(id, [
        ...(byRecipient.get(id) ?? []),
        {
          from: person(event.data.previousName, event.data.previousEmail),
          to: person(event.data.signerName, event.data.signerEmail),
          at: entries[index]?.timestamp ?? event.createdAt,
          by: entries[index]?.userName ?? 'the sender',
        },
      ]);
    });
  return byRecipient;
}

/** The events a record reads, oldest first. */
export function recordedEventsOf(db: Database, contractId: string): Promise<RecordedEvent[]> {
  return db
    .select({ type: events.type, data: events.data, createdAt: events.createdAt })
    .from(events)
    .where(and(eq(events.contractId, contractId), inArray(events.type, [...recordedTypes])))
    .orderBy(asc(events.createdAt), asc(events.id));
}

/** The record of a contract's recipients, read from the database (the verify page's). */
export async function readRecipientRecords(
  db: Database,
  contract: { id: string; sequential: boolean },
): Promise<RecipientRecord[]> {
  const [rows, recorded, history] = await Promise.all([
    db
      .select()
      .from(signers)
      .where(eq(signers.contractId, contract.id))
      .orderBy(asc(signers.position), asc(signers.createdAt)),
    recordedEventsOf(db, contract.id),
    db
      .select({
        action: contractHistory.action,
        userName: contractHistory.userName,
        timestamp: contractHistory.timestamp,
      })
      .from(contractHistory)
      .where(eq(contractHistory.contractId, contract.id))
      .orderBy(asc(contractHistory.seq)),
  ]);
  return recipientRecords({ signers: rows, sequential: contract.sequential, events: recorded, history });
}
