// The signer's own placed fields as the signing walk and the overlay both read them.
import { useMemo, useState } from 'react';
import type { SigningView } from '../../../../shared/api/signing';
import { fillsItself } from '../../../../shared/fields';
import { useValueProblems } from './use-value-problems';

/** Initials as the signer adopts them: the first letter of each part of their name. */
export const initialsOf = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .map((part) => [...part][0] ?? '')
    .join('')
    .toUpperCase()
    .slice(0, 4);

/** The adopted initials as a PNG, set in the same hand as a typed signature. */
export function initialsImage(text: string): string | null {
  if (!text.trim()) return null;
  const canvas = document.createElement('canvas');
  canvas.width = 240;
  canvas.height = 120;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.font = 'italic 64px "Segoe Script", "Brush Script MT", cursive';
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.fillStyle = '#111827';
  context.fillText(text.trim(), 120, 60, 220);
  return canvas.toDataURL('image/png');
}

/** The signer's values for their placed fields, and which of those still need one. */
export function usePlacedFields(view: SigningView) {
  const mine = useMemo(() => view.placed.filter((field) => field.mine), [view.placed]);
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      mine.filter((field) => field.value !== null).map((field) => [field.id, field.value ?? '']),
    ),
  );
  const [refusedFiles, setRefusedFiles] = useState<Record<string, string>>({});
  const [initials, setInitials] = useState(initialsOf(view.signer.name));
  const needsInput = useMemo(() => mine.filter((field) => !fillsItself.includes(field.type)), [mine]);
  const problems = useValueProblems(needsInput, values, refusedFiles);
  const missing = needsInput.filter((field) => {
    if (!field.required) return false;
    const value = values[field.id] ?? '';
    return field.type === 'checkbox' ? value !== 'true' : value.trim() === '';
  });
  const hasInitials = mine.some((field) => field.type === 'initials');
  return {
    mine,
    values,
    setValue: (id: string, value: string) => {
      setValues((before) => ({ ...before, [id]: value }));
      setRefusedFiles(({ [id]: _, ...others }) => others);
    },
    /** A picture refused as it was chosen: no value, and why. */
    refuseFile: (id: string, problem: string) => {
      setValues(({ [id]: _, ...others }) => others);
      setRefusedFiles((before) => ({ ...before, [id]: problem }));
    },
    /** What the server would refuse of each value given (by field id), in its words. */
    problems,
    initials,
    setInitials,
    hasInitials,
    needsInput,
    missing,
    /** What the sign request sends for them. */
    request: () => ({
      placed: Object.fromEntries(
        needsInput
          .filter((field) => values[field.id] !== undefined)
          .map((field) => [field.id, values[field.id] ?? '']),
      ),
      initialsImage: hasInitials ? initialsImage(initials) : null,
    }),
  };
}

export type PlacedFieldsState = ReturnType<typeof usePlacedFields>;
