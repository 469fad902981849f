import { and, eq } from 'drizzle-orm';
import type { UpdateTermsInput } from '../../../shared/api/terms';
import { AppError } from '../../../shared/errors';
import {
  type DeadlineKind,
  endDateOf,
  isCalendarDay,
  noticeDayOf,
  type SourcedTerm,
  type StandardTerm,
  standardTerms,
} from '../../../shared/terms';
import type { Database } from '../../db/client';
import {
  type ContractHead,
  type ContractTermsRow,
  contractDeadlines,
  contractTerms,
  contractTypes,
  memberships,
  type TermFieldRow,
  termFields,
  users,
} from '../../db/schema';
import type { HistoryAuthor } from '../lifecycle/append-history';
import { transition } from '../lifecycle/transition';
import { noTerms } from './terms-of';

export type TermsSource = 'member' | 'merge_fields' | 'bulk';

type Change = { key: string; words: string };

/** The name an event's `changed` gives each standard term. */
const changeKey: Record<StandardTerm, string> = {
  counterpartyCompany: 'counterparty',
  counterpartyContact: 'counterparty',
  counterpartyEmail: 'counterparty',
  typeId: 'type',
  value: 'value',
  currency: 'value',
  effectiveOn: 'effectiveOn',
  duration: 'duration',
  durationMonths: 'duration',
  endOn: 'endOn',
  renewal: 'renewal',
  renewalMonths: 'renewal',
  noticeDays: 'notice',
  ownerId: 'owner',
  tags: 'tags',
};

const termWords: Record<StandardTerm, string> = {
  counterpartyCompany: 'counterparty',
  counterpartyContact: 'contact',
  counterpartyEmail: 'contact e-mail',
  typeId: 'type',
  value: 'value',
  currency: 'currency',
  effectiveOn: 'effective date',
  duration: 'duration',
  durationMonths: 'duration in months',
  endOn: 'end date',
  renewal: 'renewal',
  renewalMonths: 'renewal period in months',
  noticeDays: 'notice period in days',
  ownerId: 'owner',
  tags: 'tags',
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A value as the history words it. */
function wordsOf(value: unknown): string {
  if (value === null || value === undefined || value === '') return 'cleared';
  if (Array.isArray(value)) return value.length ? value.join(', ') : 'cleared';
  return String(value);
}

/** The stored number's text: numeric(15, 2) as PostgreSQL returns it. */
const decimal = (value: number | null) => (value === null ? null : value.toFixed(2));

/**
 * The terms after a change: the input laid over what is stored (a term left out stays, null
 * clears it), the end date worked out from the duration, and every reference checked against the
 * organization (a type of its list, an owner among its members, its own term fields and their
 * kinds). Refuses what does not fit together, saying which term.
 */
async function nextTerms(
  tx: Database,
  before: ContractTermsRow,
  input: UpdateTermsInput,
  source: TermsSource,
): Promise<{ after: ContractTermsRow; fields: TermFieldRow[]; names: Map<string, string> }> {
  const { custom, sources, value, ...plain } = input;
  const after: ContractTermsRow = {
    ...before,
    ...plain,
    ...(value !== undefined ? { value: decimal(value) } : {}),
    tags: plain.tags ? [...new Set(plain.tags)] : before.tags,
    custom: { ...before.custom },
    sources: { ...before.sources },
  };
  // A term typed by hand no longer follows its merge field.
  if (source !== 'merge_fields') {
    for (const term of Object.keys(input) as (keyof UpdateTermsInput)[]) {
      if (term in after.sources) delete after.sources[term as SourcedTerm];
    }
  }
  for (const [term, key] of Object.entries(sources ?? {})) {
    if (key === null || key === undefined) delete after.sources[term as SourcedTerm];
    else after.sources[term as SourcedTerm] = key;
  }
  const fields = await tx
    .select()
    .from(termFields)
    .where(eq(termFields.organizationId, before.organizationId));
  for (const [key, given] of Object.entries(custom ?? {})) {
    const field = fields.find((candidate) => candidate.key === key);
    if (!field) throw new AppError('INVALID_INPUT', `There is no term called ${key}`, `custom.${key}`);
    if (given === null || given === '') {
      delete after.custom[key];
      continue;
    }
    const problem = customProblem(field, given);
    if (problem) throw new AppError('INVALID_INPUT', problem, `custom.${key}`);
    after.custom[key] = typeof given === 'string' ? given.trim() : given;
  }

  if (after.duration === 'evergreen') {
    after.durationMonths = null;
    after.endOn = null;
  }
  if (after.duration === 'fixed' && !after.durationMonths) {
    throw new AppError('INVALID_INPUT', 'Give the duration in months', 'durationMonths');
  }
  if (after.duration === 'until' && !after.endOn) {
    throw new AppError('INVALID_INPUT', 'Give the end date', 'endOn');
  }
  if (after.duration === 'until' || after.duration === 'evergreen') after.durationMonths = null;
  if (after.duration !== null) after.endOn = endDateOf(after);
  if (after.effectiveOn && after.endOn && after.endOn < after.effectiveOn) {
    throw new AppError('INVALID_INPUT', 'The end date is before the effective date', 'endOn');
  }
  if (after.renewal === 'automatic') {
    if (!after.renewalMonths)
      throw new AppError('INVALID_INPUT', 'Give the renewal period in months', 'renewalMonths');
    if (after.duration === 'evergreen') {
      throw new AppError('INVALID_INPUT', 'An evergreen contract has no end date to renew at', 'renewal');
    }
  } else after.renewalMonths = null;
  if (after.value !== null && !after.currency) {
    throw new AppError('INVALID_INPUT', 'Give the currency of the value', 'currency');
  }

  const names = new Map<string, string>();
  if (after.typeId && after.typeId !== before.typeId) {
    const [type] = await tx
      .select({ name: contractTypes.name })
      .from(contractTypes)
      .where(
        and(eq(contractTypes.id, after.typeId), eq(contractTypes.organizationId, before.organizationId)),
      );
    if (!type) throw new AppError('INVALID_INPUT', 'No such contract type', 'typeId');
    names.set(after.typeId, type.name);
  }
  if (after.ownerId && after.ownerId !== before.ownerId) {
    const [member] = await tx
      .select({ name: users.name })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        and(eq(memberships.userId, after.ownerId), eq(memberships.organizationId, before.organizationId)),
      );
    if (!member)
      throw new AppError('INVALID_INPUT', 'The owner must be a member of the organization', 'ownerId');
    names.set(after.ownerId, member.name);
  }
  return { after, fields, names };
}

function customProblem(field: TermFieldRow, value: string | number): string | null {
  if (field.kind === 'number') return typeof value === 'number' ? null : `${field.name} must be a number`;
  if (typeof value !== 'string') return `${field.name} must be text`;
  if (field.kind === 'date' && !isCalendarDay(value.trim())) return `Give ${field.name} as YYYY-MM-DD`;
  if (field.kind === 'choice' && !field.options.includes(value.trim())) {
    return `${field.name} must be one of ${field.options.join(', ')}`;
  }
  return null;
}

function changesOf(
  before: ContractTermsRow,
  after: ContractTermsRow,
  fields: TermFieldRow[],
  names: Map<string, string>,
): Change[] {
  const changes: Change[] = [];
  for (const term of standardTerms) {
    if (same(before[term], after[term])) continue;
    const value = after[term];
    const shown =
      (term === 'typeId' || term === 'ownerId') && typeof value === 'string' ? names.get(value) : value;
    changes.push({ key: changeKey[term], words: `${termWords[term]} ${wordsOf(shown)}` });
  }
  for (const key of new Set([...Object.keys(before.custom), ...Object.keys(after.custom)])) {
    if (same(before.custom[key], after.custom[key])) continue;
    const name = fields.find((field) => field.key === key)?.name ?? key;
    changes.push({ key, words: `${name} ${wordsOf(after.custom[key])}` });
  }
  return changes;
}

/** The deadlines a contract's terms make: the notice day, the end date, and each date term. */
export function deadlinesOf(
  terms: ContractTermsRow,
  fields: readonly TermFieldRow[],
): { kind: DeadlineKind; key: string; label: string | null; dueOn: string }[] {
  const made: { kind: DeadlineKind; key: string; label: string | null; dueOn: string }[] = [];
  const notice = noticeDayOf(terms.endOn, terms.noticeDays);
  if (notice) made.push({ kind: 'notice', key: '', label: null, dueOn: notice });
  if (terms.endOn) made.push({ kind: 'end', key: '', label: null, dueOn: terms.endOn });
  for (const field of fields) {
    const value = terms.custom[field.key];
    if (field.kind === 'date' && typeof value === 'string' && isCalendarDay(value)) {
      made.push({ kind: 'term', key: field.key, label: field.name, dueOn: value });
    }
  }
  return made;
}

export type TermsWrite = {
  /** The contract, read with its row locked in this transaction. */
  contract: Pick<ContractHead, 'id' | 'organizationId' | 'status' | 'isTemplate'>;
  input: UpdateTermsInput;
  author: HistoryAuthor;
  source: TermsSource;
  at: Date;
};

/**
 * The one writer of a contract's terms: lays the change over what is stored, checks it, stores
 * it, rewrites the deadlines it makes (a template makes none) and, when anything changed, takes
 * the contract.terms_changed step (history and event). The sealed document is never touched.
 * Returns whether anything changed.
 */
export async function writeTerms(tx: Database, write: TermsWrite): Promise<boolean> {
  const { contract } = write;
  const [stored] = await tx
    .select()
    .from(contractTerms)
    .where(eq(contractTerms.contractId, contract.id))
    .for('update');
  const before = stored ?? noTerms(contract.id, contract.organizationId);
  const { after, fields, names } = await nextTerms(tx, before, write.input, write.source);
  const changes = changesOf(before, after, fields, names);
  const sourcesChanged = !same(before.sources, after.sources);
  if (changes.length === 0 && !sourcesChanged) return false;
  const { contractId: _id, updatedAt: _at, ...columns } = after;
  await tx
    .insert(contractTerms)
    .values({ ...after, updatedAt: write.at })
    .onConflictDoUpdate({ target: contractTerms.contractId, set: { ...columns, updatedAt: write.at } });
  if (changes.length === 0) return false;
  await rewriteDeadlines(tx, contract, after, fields);
  const summary = changes.map((change) => change.words).join('; ');
  await transition(tx, {
    contract,
    step: 'contract.terms_changed',
    facts: {
      changed: [...new Set(changes.map((change) => change.key))].join(','),
      actorId: write.author.userId,
      actorName: write.author.userName,
      source: write.source,
      summary: summary.length > 2000 ? `${summary.slice(0, 1999)}…` : summary,
    },
    author: write.author,
    at: write.at,
  });
  return true;
}

/** Replaces a contract's deadlines with the ones its terms make now. */
export async function rewriteDeadlines(
  tx: Database,
  contract: Pick<ContractHead, 'id' | 'organizationId' | 'isTemplate'>,
  terms: ContractTermsRow,
  fields: readonly TermFieldRow[],
): Promise<void> {
  await tx.delete(contractDeadlines).where(eq(contractDeadlines.contractId, contract.id));
  if (contract.isTemplate) return;
  const made = deadlinesOf(terms, fields);
  if (made.length === 0) return;
  await tx.insert(contractDeadlines).values(
    made.map((deadline) => ({
      ...deadline,
      contractId: contract.id,
      organizationId: contract.organizationId,
    })),
  );
}

/** A date term's field was removed or renamed: its deadlines go, or take its new name. */
export async function relabelTermDeadlines(
  tx: Database,
  organizationId: string,
  key: string,
  label: string | null,
): Promise<void> {
  const ofField = and(
    eq(contractDeadlines.organizationId, organizationId),
    eq(contractDeadlines.kind, 'term'),
    eq(contractDeadlines.key, key),
  );
  if (label === null) await tx.delete(contractDeadlines).where(ofField);
  else await tx.update(contractDeadlines).set({ label }).where(ofField);
}
