import { useCallback, useEffect, useMemo, useState } from 'react';
import { emailSchema } from '../../../../shared/api/common';
import type { SigningField, SigningView } from '../../../../shared/api/signing';
import { fillsItself } from '../../../../shared/fields';
import { roleOf } from '../../../../shared/recipients';
import type { SignatureValue } from '../../../components/ui/signature-pad';
import { checkValue } from '../../../lib/field-errors';
import { useApprove, useSign } from '../api/signing';
import { bringIntoView } from './bring-into-view';
import { usePlacedFields } from './use-placed-fields';

/**
 * One thing the signer must do, in the order the walk takes them: the fields on the document,
 * consent, the signer's details, adopting the signature. The fields that fill themselves from the
 * adopted signature (signature and initials) are counted too, but not visited.
 */
export type WalkStep =
  | { kind: 'field'; key: string; field: SigningField }
  | { kind: 'consent'; key: 'consent' }
  | { kind: 'detail'; key: string; name: string }
  | { kind: 'naming'; key: string; number: number; label: string }
  | { kind: 'signature'; key: 'signature' }
  | { kind: 'adopted'; key: string; field: SigningField };

/** Where the walk stands: a step, or a field the signer tapped that is not one (an optional one). */
export type WalkPlace =
  | { kind: 'field'; field: SigningField }
  | Exclude<WalkStep, { kind: 'field' | 'adopted' }>;

export const fieldKey = (field: { id: string }) => `field:${field.id}`;

/** The ids the walk brings into view and focuses for each kind of step. */
export const walkIds = {
  bar: 'signing-walk',
  input: 'signing-walk-input',
  consent: 'signing-consent',
  detail: (key: string) => `signing-detail-${key}`,
  signature: 'signing-signature',
  naming: (number: number) => `signing-name-${number}`,
  placed: (id: string) => `placed-${id}`,
} as const;

/**
 * Everything the signing page holds for a signer whose turn it is: the placed fields' values,
 * consent, the signer's details, the adopted signature; the steps those make, how many are done,
 * where the walk stands, and the sign request that Finish sends.
 */
export function useSigningWalk(view: SigningView) {
  const placed = usePlacedFields(view);
  // A signer or a witness signs; an approver approves, with the same consent, fields and names.
  const signs = roleOf(view.role).signs;
  const signing = useSign(view.signerId);
  const approving = useApprove(view.signerId);
  const sign = signs ? signing : approving;
  // The later recipients this one names as they act, by number.
  const [named, setNamed] = useState<Record<number, { name: string; email: string }>>({});
  const [consented, setConsented] = useState(false);
  const [details, setDetails] = useState<Record<string, string>>({
    fullName: view.signer.name,
    email: view.signer.email,
  });
  const saved = view.savedSignature;
  const [useSaved, setUseSaved] = useState(saved !== null);
  const [drawn, setDrawn] = useState<SignatureValue>(null);
  const signature: SignatureValue = useSaved && saved ? { kind: saved.kind, image: saved.image } : drawn;
  const [place, setPlace] = useState<WalkPlace | null>(null);
  // Bumped by each move of the walk, so the place is brought into view and focused once it shows.
  const [visit, setVisit] = useState<{ count: number; centre: boolean }>({ count: 0, centre: true });

  const steps = useMemo<WalkStep[]>(
    () => [
      ...placed.needsInput
        .filter((field) => field.required)
        .map((field) => ({ kind: 'field' as const, key: fieldKey(field), field })),
      { kind: 'consent' as const, key: 'consent' as const },
      // The e-mail address is the one the invitation went to: it is shown, not asked for.
      ...view.fields
        .filter((field) => field.required && field.key !== 'email')
        .map((field) => ({ kind: 'detail' as const, key: field.key, name: field.name })),
      ...view.toName.map((entry) => ({
        kind: 'naming' as const,
        key: `naming:${entry.number}`,
        number: entry.number,
        label: entry.label,
      })),
      ...(signs
        ? [
            { kind: 'signature' as const, key: 'signature' as const },
            ...placed.mine
              .filter((field) => field.type === 'signature' || field.type === 'initials')
              .map((field) => ({ kind: 'adopted' as const, key: fieldKey(field), field })),
          ]
        : []),
    ],
    [placed.needsInput, placed.mine, view.fields, view.toName, signs],
  );
  const namingProblem = (number: number): string | null => {
    const entry = named[number];
    if (!entry || entry.name.trim() === '') return 'Enter their name';
    const email = checkValue(emailSchema, entry.email);
    if (email.error !== undefined) return email.error;
    if (email.value === view.signer.email) return 'Name someone other than yourself';
    return null;
  };

  const missingIds = new Set(placed.missing.map((field) => field.id));
  const adopted = signature !== null && (!placed.hasInitials || placed.initials.trim() !== '');
  const isDone = (step: WalkStep): boolean => {
    switch (step.kind) {
      case 'field':
        return !missingIds.has(step.field.id) && !placed.problems[step.field.id];
      case 'consent':
        return consented;
      case 'detail':
        return (details[step.key] ?? '').trim() !== '';
      case 'naming':
        return namingProblem(step.number) === null;
      case 'signature':
        return adopted;
      case 'adopted':
        return signature !== null && (step.field.type !== 'initials' || placed.initials.trim() !== '');
    }
  };
  const done = steps.filter(isDone).length;
  /** The fields with a value the server would take, required or not (an embedding page hears of each). */
  const filledFields = placed.needsInput.filter(
    (field) => !missingIds.has(field.id) && !placed.problems[field.id],
  );
  // A value the server would refuse (an optional field's too) keeps Finish away until it is put right.
  const refused = placed.needsInput.filter((field) => placed.problems[field.id]);
  const complete = done === steps.length && refused.length === 0;

  const go = useCallback((next: WalkPlace, centre = true) => {
    setPlace(next);
    setVisit((before) => ({ count: before.count + 1, centre }));
  }, []);
  /** A field tapped on the page: its input opens in the walk's bar. */
  const goToField = useCallback(
    (field: SigningField) =>
      go(
        fillsItself.includes(field.type) ? { kind: 'signature', key: 'signature' } : { kind: 'field', field },
        false,
      ),
    [go],
  );

  /** Start / Next: the next step not done yet after where the walk stands (from the top again after the last). */
  const next = () => {
    const visited = steps.filter(
      (step): step is Exclude<WalkStep, { kind: 'adopted' }> => step.kind !== 'adopted',
    );
    const at = place ? visited.findIndex((step) => step.key === keyOf(place)) : -1;
    const ordered = [...visited.slice(at + 1), ...visited.slice(0, at + 1)];
    const target = ordered.find((step) => !isDone(step));
    if (target) go(target.kind === 'field' ? { kind: 'field', field: target.field } : target);
    else if (refused[0]) go({ kind: 'field', field: refused[0] });
  };

  useEffect(() => {
    if (visit.count === 0 || !place) return;
    const bar = document.getElementById(walkIds.bar);
    const inset = bar?.getBoundingClientRect().height ?? 0;
    const shown =
      place.kind === 'field'
        ? document.getElementById(walkIds.placed(place.field.id))
        : document.getElementById(
            place.kind === 'consent'
              ? walkIds.consent
              : place.kind === 'detail'
                ? walkIds.detail(place.key)
                : place.kind === 'naming'
                  ? walkIds.naming(place.number)
                  : walkIds.signature,
          );
    if (shown) bringIntoView(shown, { bottomInset: inset, centre: visit.centre });
    // A field's input is in the bar; the form's own controls are where they are. A radio group is
    // reached at its chosen (or first) choice, as Tab would.
    const focus = place.kind === 'field' ? document.getElementById(walkIds.input) : shown;
    const target =
      focus?.getAttribute('role') === 'radiogroup'
        ? (focus.querySelector<HTMLElement>('input:checked') ?? focus.querySelector<HTMLElement>('input'))
        : focus;
    target?.focus({ preventScroll: true });
  }, [visit, place]);

  const submit = () => {
    if (!complete || (signs && !signature)) return;
    const extra = placed.request();
    const names = view.toName.map((entry) => ({
      number: entry.number,
      name: named[entry.number]?.name.trim() ?? '',
      email: named[entry.number]?.email.trim() ?? '',
    }));
    if (!signs) {
      approving.mutate({
        consentVersion: view.consent.version,
        fields: details,
        placed: extra.placed,
        named: names,
      });
      return;
    }
    if (!signature) return;
    signing.mutate({
      consentVersion: view.consent.version,
      fields: details,
      signature,
      placed: extra.placed,
      named: names,
      ...(extra.initialsImage
        ? { initials: { kind: 'typed' as const, image: extra.initialsImage, typedName: placed.initials } }
        : {}),
    });
  };

  return {
    view,
    placed,
    /** The request Finish sends: the signature, or an approver's approval. */
    sign,
    signs,
    named,
    setNamed: (number: number, value: { name: string; email: string }) =>
      setNamed((before) => ({ ...before, [number]: value })),
    namingProblem,
    consented,
    setConsented,
    details,
    setDetail: (key: string, value: string) => setDetails((before) => ({ ...before, [key]: value })),
    saved,
    useSaved,
    setUseSaved,
    setDrawn,
    signature,
    steps,
    done,
    filledFields,
    complete,
    place,
    started: place !== null,
    next,
    goToField,
    submit,
  };
}

export type SigningWalk = ReturnType<typeof useSigningWalk>;

const keyOf = (place: WalkPlace) => (place.kind === 'field' ? fieldKey(place.field) : place.key);
