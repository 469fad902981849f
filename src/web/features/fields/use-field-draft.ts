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

/**
 * What is saved of a field: settings being typed are sent as far as they go (a blank line among
 * the choices is left out, a pattern format waits for its pattern), so typing never shows a
 * refusal; a finished setting the server refuses still says why.
 */
function toInput({ key: _key, ...field }: DraftField): PlacedFieldInput {
  const { choices, format, pattern, ...options } = field.options;
  return {
    ...field,
    options: {
      ...options,
      ...(choices ? { choices: choices.map((choice) => choice.trim()).filter(Boolean) } : {}),
      ...(format === 'pattern' && !pattern ? {} : { format, pattern }),
    },
  };
}

/**
 * The fields of a draft as the field editor changes them, saved by themselves shortly after each
 * change (one save at a time, the whole set, on the revision last answered). A save the server
 * refuses keeps every change on the page and says why; the next change tries again.
 */
export function useFieldDraft(
  contractId: string,
  initial: readonly PlacedField[],
  revision: number,
  /** The fields stored now: read before each save. */
  readStored: () => Promise<readonly PlacedField[]>,
) {
  const [fields, setFields] = useState<DraftField[]>(() =>
    initial.map((field) => ({ ...field, key: field.id })),
  );
  const [state, setState] = useState<SaveState>({ kind: 'saved' });
  const save = useSaveFields(contractId);
  const latest = useRef({
    fields,
    revision,
    changes: 0,
    saving: false,
    stale: false,
    /** Ids of stored fields removed here, so a later read does not bring them back. */
    removed: new Set<string>(),
  });
  latest.current.fields = fields;

  const flush = useCallback(async (): Promise<boolean> => {
    const at = latest.current;
    if (at.saving || at.stale) return false;
    at.saving = true;
    const changesSent = at.changes;
    setState({ kind: 'saving' });
    try {
      // Fields the PDF brought meanwhile (its text tags are read a few seconds after the upload,
      // without a new revision) are taken in first: the whole set saved must not drop them.
      const known = new Set(at.fields.map((field) => field.id));
      const brought = (await readStored())
        .filter((field) => !known.has(field.id) && !at.removed.has(field.id))
        .map((field) => ({ ...field, key: field.id }));
      if (brought.length > 0) setFields((now) => [...now, ...brought]);
      const sent = [...at.fields, ...brought];
      const answer = await save.mutateAsync({ fields: sent.map(toInput), baseRevision: at.revision });
      at.revision = answer.revision;
      // The answer is in the order sent: each new field learns its id.
      const ids = new Map(sent.map((field, index) => [field.key, answer.fields[index]?.id]));
      setFields((now) => now.map((field) => ({ ...field, id: ids.get(field.key) ?? field.id })));
      setState(at.changes === changesSent ? { kind: 'saved' } : { kind: 'pending' });
      return at.changes === changesSent;
    } catch (error) {
      const message = error instanceof Error ? error.message : 'The fields could not be saved.';
      if (error instanceof AppError && error.code === 'CONTRACT_CHANGED') {
        at.stale = true;
        setState({ kind: 'stale', message });
      } else if (at.changes !== changesSent) {
        // Changed while the refused save was on its way (the correction it asks for, often): the
        // newer fields are saved next, and answer for themselves.
        setState({ kind: 'pending' });
      } else setState({ kind: 'failed', message });
      return false;
    } finally {
      at.saving = false;
    }
  }, [save.mutateAsync, readStored]);

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
    remove: (key: string) => {
      const id = latest.current.fields.find((field) => field.key === key)?.id;
      if (id) latest.current.removed.add(id);
      change((before) => before.filter((field) => field.key !== key));
    },
  };
}

export type FieldDraft = ReturnType<typeof useFieldDraft>;
