import { useCallback, useEffect, useRef, useState } from 'react';
import type { PlacedField, PlacedFieldInput } from '../../../shared/api/contract-fields';
import { AppError } from '../../../shared/errors';
import { randomId } from '../../lib/random-id';
import { useSaveFields } from '../contracts/api/contract-files';

/** A field as the editor holds it: `key` names it on this page; `id` is the server's, once saved. */
export type DraftField = Omit<PlacedField, 'id'> & { id?: string; key: string };

export type SaveState =
  | { kind: 'saved' }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'failed'; message: string }
  /** Someone else changed the draft: nothing more is saved until the page is loaded again. */
  | { kind: 'stale'; message: string };

/** How long after the last change the fields are saved: a drag or a typed label is one save. */
const saveDelay = 700;

const toInput = ({ key: _key, ...field }: DraftField): PlacedFieldInput => field;

/**
 * The fields of a draft as the field editor changes them, saved by themselves shortly after each
 * change (one save at a time, the whole set, on the revision last answered). A save the server
 * refuses keeps every change on the page and says why; the next change tries again.
 */
export function useFieldDraft(contractId: string, initial: readonly PlacedField[], revision: number) {
  const [fields, setFields] = useState<DraftField[]>(() =>
    initial.map((field) => ({ ...field, key: field.id })),
  );
  const [state, setState] = useState<SaveState>({ kind: 'saved' });
  const save = useSaveFields(contractId);
  const latest = useRef({ fields, revision, changes: 0, saving: false, stale: false });
  latest.current.fields = fields;

  const flush = useCallback(async () => {
    const at = latest.current;
    if (at.saving || at.stale) return;
    at.saving = true;
    const changesSent = at.changes;
    const sent = at.fields;
    setState({ kind: 'saving' });
    try {
      const answer = await save.mutateAsync({ fields: sent.map(toInput), baseRevision: at.revision });
      at.revision = answer.revision;
      // The answer is in the order sent: each new field learns its id.
      const ids = new Map(sent.map((field, index) => [field.key, answer.fields[index]?.id]));
      setFields((now) => now.map((field) => ({ ...field, id: ids.get(field.key) ?? field.id })));
      setState(at.changes === changesSent ? { kind: 'saved' } : { kind: 'pending' });
    } catch (error) {
      const message = error instanceof Error ? error.message : 'The fields could not be saved.';
      if (error instanceof AppError && error.code === 'CONTRACT_CHANGED') {
        at.stale = true;
        setState({ kind: 'stale', message });
      } else setState({ kind: 'failed', message });
    } finally {
      at.saving = false;
    }
  }, [save.mutateAsync]);

  // Saves a moment after the last change, and again after a save that changes overtook.
  useEffect(() => {
    if (state.kind !== 'pending') return;
    const timer = setTimeout(() => void flush(), saveDelay);
    return () => clearTimeout(timer);
  }, [state, flush]);

  const change = useCallback((next: (before: DraftField[]) => DraftField[]) => {
    latest.current.changes += 1;
    setFields(next);
    if (!latest.current.stale && !latest.current.saving) setState({ kind: 'pending' });
  }, []);

  return {
    fields,
    state,
    /** Saves now what waits (leaving the page, pressing Save). */
    flush,
    add: (field: Omit<DraftField, 'key'>) => {
      const key = randomId();
      change((before) => [...before, { ...field, key }]);
      return key;
    },
    addMany: (added: Omit<DraftField, 'key'>[]) =>
      change((before) => [...before, ...added.map((field) => ({ ...field, key: randomId() }))]),
    update: (key: string, patch: Partial<Omit<DraftField, 'key'>>) =>
      change((before) => before.map((field) => (field.key === key ? { ...field, ...patch } : field))),
    remove: (key: string) => change((before) => before.filter((field) => field.key !== key)),
  };
}

export type FieldDraft = ReturnType<typeof useFieldDraft>;
