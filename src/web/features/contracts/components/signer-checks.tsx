import { KeyRound, MailCheck } from 'lucide-react';
import { useId } from 'react';
import type { DraftSigner } from './draft-signer';

export const accessCodeLimits = { min: 4, max: 64 } as const;

/**
 * Whether the signer will be asked for an access code once saved: the new one, or the stored one
 * kept (or, on a copy, the one still to be set).
 */
export function accessCodeOn(signer: DraftSigner): boolean {
  return signer.accessCode === undefined
    ? Boolean(signer.accessCodeSet || signer.accessCodeToSet)
    : signer.accessCode !== null;
}

/** A copy's signer whose original had an access code, with no new one typed nor the code removed. */
export function waitsForAccessCode(signer: DraftSigner): boolean {
  return Boolean(signer.accessCodeToSet) && signer.accessCode === undefined;
}

/** A new access code typed but not usable yet (too short), for the card to point at. */
export function accessCodeProblem(signer: DraftSigner): string | null {
  if (typeof signer.accessCode !== 'string') return null;
  if (signer.accessCode.trim().length < accessCodeLimits.min) {
    return `Enter an access code of at least ${accessCodeLimits.min} characters`;
  }
  return null;
}

/**
 * A signer's identity checks in the editor: an access code the sender shares out of band (typed
 * here once, then only shown as set, since the server keeps only its hash) and an e-mailed
 * one-time code.
 */
export function SignerChecks({
  signer,
  onChange,
}: {
  signer: DraftSigner;
  onChange: (signer: DraftSigner) => void;
}) {
  const codeId = useId();
  const hintId = `${codeId}-hint`;
  const on = accessCodeOn(signer);
  const editing = typeof signer.accessCode === 'string';
  const problem = editing && signer.accessCode !== '' ? accessCodeProblem(signer) : null;
  return (
    <div className="mt-2 space-y-2">
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={on}
            onChange={(event) =>
              onChange({
                ...signer,
                // Off: remove a stored code, or the one a copy waits for (null), or just drop the
                // one being typed (undefined).
                accessCode: event.target.checked
                  ? ''
                  : signer.accessCodeSet || signer.accessCodeToSet
                    ? null
                    : undefined,
              })
            }
            className="size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
          />
          Require access code
        </label>
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={signer.requireEmailCode ?? false}
            onChange={(event) => onChange({ ...signer, requireEmailCode: event.target.checked })}
            className="size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
          />
          E-mail a one-time code
        </label>
      </div>
      {on && editing && (
        <div>
          <label htmlFor={codeId} className="sr-only">
            Access code for {signer.name}
          </label>
          <input
            id={codeId}
            value={signer.accessCode ?? ''}
            onChange={(event) => onChange({ ...signer, accessCode: event.target.value })}
            maxLength={accessCodeLimits.max}
            autoComplete="off"
            spellCheck={false}
            placeholder="Access code"
            aria-invalid={problem ? true : undefined}
            aria-describedby={hintId}
            className="block h-9 w-full rounded-md border-0 px-3 font-mono text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:font-sans placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:ring-indigo-600 aria-invalid:ring-red-500"
          />
          <p id={hintId} className={`mt-1 text-xs ${problem ? 'text-red-700' : 'text-slate-500'}`}>
            {problem ??
              `${accessCodeLimits.min}–${accessCodeLimits.max} characters. Give it to ${signer.name || 'the signer'} yourself (by phone or in person): it is never e-mailed, and once saved it cannot be shown again.`}
          </p>
        </div>
      )}
      {on && !editing && signer.accessCodeToSet && (
        <p className="rounded-md bg-amber-50 p-2 text-xs text-amber-900 ring-1 ring-amber-200">
          <KeyRound aria-hidden="true" className="mr-1 inline size-3.5" />
          The contract this was copied from asked {signer.name || 'this signer'} for an access code, and codes
          are not copied.{' '}
          <button
            type="button"
            className="font-medium text-indigo-700 underline hover:text-indigo-600"
            onClick={() => onChange({ ...signer, accessCode: '' })}
          >
            Set a new code
          </button>{' '}
          or untick "Require access code".
        </p>
      )}
      {on && !editing && !signer.accessCodeToSet && (
        <p className="flex items-center gap-2 text-xs text-slate-600">
          <KeyRound aria-hidden="true" className="size-3.5 text-slate-500" />
          Access code set
          <button
            type="button"
            className="font-medium text-indigo-600 underline hover:text-indigo-500"
            onClick={() => onChange({ ...signer, accessCode: '' })}
          >
            Change
          </button>
        </p>
      )}
    </div>
  );
}

/** The checks of a signer as small labels, where they can no longer be changed. */
export function SignerCheckBadges({ accessCode, emailCode }: { accessCode: boolean; emailCode: boolean }) {
  if (!accessCode && !emailCode) return null;
  return (
    <span className="mt-1 flex flex-wrap gap-1.5">
      {accessCode && (
        <span className="inline-flex items-center gap-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
          <KeyRound aria-hidden="true" className="size-3" /> Access code
        </span>
      )}
      {emailCode && (
        <span className="inline-flex items-center gap-1 rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
          <MailCheck aria-hidden="true" className="size-3" /> E-mailed code
        </span>
      )}
    </span>
  );
}
