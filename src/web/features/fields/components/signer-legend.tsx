import { signerColour } from '../../../lib/field-types';
import type { DraftField } from '../use-field-draft';

/**
 * Who the fields are for, one colour each, with how many fields each has: choosing a signer here
 * makes the fields placed next theirs. Fields without a signer (a PDF's own form fields) are
 * counted apart, and the first of them is a click away.
 */
export function SignerLegend({
  signers,
  fields,
  placingFor,
  onPlacingFor,
  onShowUnassigned,
}: {
  signers: readonly { number: number; name: string }[];
  fields: readonly DraftField[];
  placingFor: number | null;
  onPlacingFor: (signer: number) => void;
  onShowUnassigned: (field: DraftField) => void;
}) {
  const unassigned = fields.filter((field) => field.signer === null);
  const countOf = (number: number) => fields.filter((field) => field.signer === number).length;
  return (
    <fieldset className="space-y-1">
      <legend className="px-1 text-xs font-semibold uppercase tracking-wide text-slate-500">
        Placing fields for
      </legend>
      {signers.length === 0 && (
        <p className="px-1 text-sm text-amber-800">
          No signers yet: add them in the editor, then give each field its signer.
        </p>
      )}
      {signers.map((signer) => {
        const colour = signerColour(signer.number);
        return (
          <button
            key={signer.number}
            type="button"
            aria-pressed={placingFor === signer.number}
            onClick={() => onPlacingFor(signer.number)}
            className={`flex min-h-10 w-full items-center gap-2 rounded-md px-2 text-left text-sm ring-1 focus-visible:outline-2 focus-visible:outline-indigo-600 ${placingFor === signer.number ? `${colour.tint} ring-2 ${colour.ring}` : 'ring-slate-200 hover:bg-slate-50'}`}
          >
            <span aria-hidden="true" className={`size-3 shrink-0 rounded-full ${colour.dot}`} />
            <span className="min-w-0 flex-1 truncate" dir="auto">
              {signer.name}
            </span>
            <span className="text-xs tabular-nums text-slate-700">
              {countOf(signer.number)}
              <span className="sr-only"> fields</span>
            </span>
          </button>
        );
      })}
      {unassigned.length > 0 && (
        <p className="flex items-center gap-2 px-2 py-1 text-sm text-slate-700">
          <span aria-hidden="true" className={`size-3 shrink-0 rounded-full ${signerColour(null).dot}`} />
          <span className="flex-1">
            {unassigned.length} without a signer{' '}
            <button
              type="button"
              onClick={() => unassigned[0] && onShowUnassigned(unassigned[0])}
              className="font-medium text-indigo-700 underline hover:text-indigo-500"
            >
              Show
            </button>
          </span>
        </p>
      )}
    </fieldset>
  );
}
