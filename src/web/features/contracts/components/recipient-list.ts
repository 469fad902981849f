import { type ListProblem, recipientListProblems, roleOf } from '../../../../shared/recipients';
import type { DraftSigner } from './draft-signer';

/**
 * Edits of the recipient list that keep its references right: a witness's signer and who names
 * whom are recipients' numbers (their place in the list, from 1), so removing or moving one
 * renumbers the references to those after it, and drops those to the one removed.
 */
export function removeRecipient(list: readonly DraftSigner[], index: number): DraftSigner[] {
  const gone = index + 1;
  const renumber = (ref: number | null | undefined) =>
    ref == null || ref === gone ? null : ref > gone ? ref - 1 : ref;
  return list
    .filter((_, at) => at !== index)
    .map((entry) => ({ ...entry, witnessOf: renumber(entry.witnessOf), namedBy: renumber(entry.namedBy) }));
}

export function moveRecipientUp(list: readonly DraftSigner[], index: number): DraftSigner[] {
  if (index < 1) return [...list];
  const [a, b] = [index, index + 1];
  const swap = (ref: number | null | undefined) => (ref === a ? b : ref === b ? a : (ref ?? null));
  const next = list.map((entry) => ({
    ...entry,
    witnessOf: swap(entry.witnessOf),
    namedBy: swap(entry.namedBy),
  }));
  const [moved] = next.splice(index, 1);
  if (moved) next.splice(index - 1, 0, moved);
  return next;
}

/** Who may name the recipient at `index`: any other signer or approver not named later themselves. */
export function possibleNamers(list: readonly DraftSigner[], index: number): number[] {
  return list.flatMap((entry, at) =>
    at !== index && roleOf(entry.role ?? 'signer').mayName && entry.namedBy == null ? [at + 1] : [],
  );
}

/** The signers a witness at `index` may witness: those no other witness has. */
export function witnessableSigners(list: readonly DraftSigner[], index: number): number[] {
  const taken = new Set(
    list.flatMap((entry, at) =>
      at !== index && entry.role === 'witness' && entry.witnessOf ? [entry.witnessOf] : [],
    ),
  );
  return list.flatMap((entry, at) =>
    (entry.role ?? 'signer') === 'signer' && !taken.has(at + 1) ? [at + 1] : [],
  );
}

/** A recipient's name as the editor's lists show it (one to be named may have none). */
export const recipientName = (entry: DraftSigner | undefined, number: number) =>
  entry?.name || `Recipient ${number}`;

/** The problems the server would find in this list, by index and field (the same check). */
export function listProblemsByEntry(
  list: readonly DraftSigner[],
): Map<number, Partial<Record<string, string>>> {
  const entries = list.map((entry) => ({
    name: entry.name,
    email: entry.namedBy ? null : entry.email,
    role: entry.role ?? 'signer',
    witnessOf: entry.witnessOf ?? null,
    namedBy: entry.namedBy ?? null,
  }));
  return problemsByEntry(recipientListProblems(entries));
}

/** Problems keyed by entry, from paths like [2, 'witnessOf'] or a server field 'signers.2.witnessOf'. */
export function problemsByEntry(
  problems: readonly ListProblem[],
): Map<number, Partial<Record<string, string>>> {
  const byEntry = new Map<number, Partial<Record<string, string>>>();
  for (const problem of problems) {
    const [index, key] = problem.path;
    if (typeof index !== 'number' || typeof key !== 'string') continue;
    const entry = byEntry.get(index) ?? {};
    entry[key] ??= problem.message;
    byEntry.set(index, entry);
  }
  return byEntry;
}

/** A server refusal that names one recipient's input ('signers.2.witnessOf'), as a list problem. */
export function serverListProblem(error: unknown): ListProblem | null {
  const field = (error as { field?: unknown } | null)?.field;
  const message = (error as { message?: unknown } | null)?.message;
  if (typeof field !== 'string' || typeof message !== 'string') return null;
  const match = /^signers\.(\d+)\.(\w+)$/.exec(field);
  if (!match) return null;
  return { path: [Number(match[1]), match[2] ?? ''], message };
}

/** The same, as the signers card takes it. */
export function serverListProblemAt(error: unknown): { index: number; key: string; message: string } | null {
  const problem = serverListProblem(error);
  if (!problem) return null;
  const [index, key] = problem.path;
  return typeof index === 'number' && typeof key === 'string'
    ? { index, key, message: problem.message }
    : null;
}
