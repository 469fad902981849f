import { type FieldType, fieldTypeNames } from '../../shared/fields';

export { fieldTypeNames };

/** The name a field goes by: its label, or its type's name. */
export const fieldNameOf = (field: { label: string; type: FieldType }) =>
  field.label || fieldTypeNames[field.type];

/**
 * One colour per signer, by signing order (the ninth takes the first again), each readable as a
 * text colour on white and on its own tint: the field editor's boxes and its legend use them.
 */
const signerPalette = [
  { ring: 'ring-indigo-600', tint: 'bg-indigo-100/80', text: 'text-indigo-900', dot: 'bg-indigo-600' },
  { ring: 'ring-emerald-600', tint: 'bg-emerald-100/80', text: 'text-emerald-900', dot: 'bg-emerald-600' },
  { ring: 'ring-amber-600', tint: 'bg-amber-100/80', text: 'text-amber-900', dot: 'bg-amber-600' },
  { ring: 'ring-rose-600', tint: 'bg-rose-100/80', text: 'text-rose-900', dot: 'bg-rose-600' },
  { ring: 'ring-sky-600', tint: 'bg-sky-100/80', text: 'text-sky-900', dot: 'bg-sky-600' },
  { ring: 'ring-violet-600', tint: 'bg-violet-100/80', text: 'text-violet-900', dot: 'bg-violet-600' },
  { ring: 'ring-lime-700', tint: 'bg-lime-100/80', text: 'text-lime-900', dot: 'bg-lime-700' },
  { ring: 'ring-orange-600', tint: 'bg-orange-100/80', text: 'text-orange-900', dot: 'bg-orange-600' },
] as const;
const unassignedColour = {
  ring: 'ring-slate-500',
  tint: 'bg-slate-100/80',
  text: 'text-slate-800',
  dot: 'bg-slate-400',
} as const;

export type SignerColour = { ring: string; tint: string; text: string; dot: string };

/** The colour of a signer's fields (by signing order from 1), or of fields without a signer. */
export const signerColour = (signer: number | null): SignerColour =>
  (signer === null ? undefined : signerPalette[(signer - 1) % signerPalette.length]) ?? unassignedColour;
