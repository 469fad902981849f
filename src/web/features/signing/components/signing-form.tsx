import { useEffect, useState } from 'react';
import type { SigningView } from '../../../../shared/api/signing';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SignaturePad, type SignatureValue } from '../../../components/ui/signature-pad';
import { TextField } from '../../../components/ui/text-field';
import { type FieldErrors, fieldErrors } from '../../../lib/field-errors';
import { useSign } from '../api/signing';
import { DeclineDialog } from './decline-dialog';
import type { PlacedFieldsState } from './placed-fields';

const inputTypes = { text: 'text', email: 'email', phone: 'tel' } as const;

/**
 * Consent, the organization's signer fields, the signature (and the initials, when the document
 * asks for them), and Sign or Decline. The fields placed on the document are filled on its pages
 * (placed-fields.tsx); Sign waits until the required ones are.
 */
export function SigningForm({
  view,
  placed,
  onSignature,
}: {
  view: SigningView;
  placed?: PlacedFieldsState;
  onSignature?: (image: string | null) => void;
}) {
  const sign = useSign(view.signerId);
  const [consented, setConsented] = useState(false);
  const saved = view.savedSignature;
  const [useSaved, setUseSaved] = useState(saved !== null);
  const [drawn, setSignature] = useState<SignatureValue>(null);
  const signature: SignatureValue = useSaved && saved ? { kind: saved.kind, image: saved.image } : drawn;
  const [values, setValues] = useState<Record<string, string>>({
    fullName: view.signer.name,
    email: view.signer.email,
  });
  // A signer field or the signature named by the server gets the message beside it.
  const errors: FieldErrors<string> = fieldErrors(sign.error, [
    ...view.fields.map((field) => field.key),
    'signature',
  ]);

  useEffect(() => onSignature?.(signature?.image ?? null), [signature, onSignature]);
  const missing = placed?.missing.length ?? 0;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!signature || !consented || missing > 0) return;
    const extra = placed?.request();
    sign.mutate({
      consentVersion: view.consent.version,
      fields: values,
      signature,
      ...(extra ? { placed: extra.placed } : {}),
      ...(extra?.initialsImage
        ? {
            initials: {
              kind: 'typed' as const,
              image: extra.initialsImage,
              typedName: placed?.initials ?? '',
            },
          }
        : {}),
    });
  };

  return (
    <Card className="p-6">
      <form onSubmit={submit} className="space-y-6" aria-label="Sign the document">
        <div>
          <h2 className="text-base font-semibold text-slate-900">{view.consent.title}</h2>
          <div className="mt-2 max-h-40 space-y-2 overflow-y-auto rounded-md bg-slate-50 p-3 text-sm text-slate-600 ring-1 ring-slate-200">
            {view.consent.text.split('\n\n').map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <label className="mt-3 flex items-start gap-2 text-sm text-slate-800">
            <input
              type="checkbox"
              checked={consented}
              onChange={(event) => setConsented(event.target.checked)}
              className="mt-0.5 size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
            />
            <span>I agree to sign electronically</span>
          </label>
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          {view.fields.map((field) => (
            <TextField
              key={field.key}
              label={`${field.name}${field.required ? '' : ' (optional)'}`}
              type={inputTypes[field.type]}
              required={field.required}
              readOnly={field.key === 'email'}
              value={values[field.key] ?? ''}
              onChange={(event) => setValues({ ...values, [field.key]: event.target.value })}
              error={errors[field.key]}
              autoComplete={field.key === 'fullName' ? 'name' : field.type === 'phone' ? 'tel' : undefined}
              // A name or a company in Arabic or Hebrew reads from the right as it is typed.
              dir={field.type === 'text' ? 'auto' : undefined}
            />
          ))}
        </div>

        {useSaved && saved ? (
          <div>
            <p className="text-sm font-medium text-slate-700">Signature</p>
            <div className="mt-2 flex flex-col gap-3 rounded-md bg-white p-3 ring-1 ring-slate-300 sm:flex-row sm:items-center">
              <img
                src={saved.image}
                alt="Your saved signature"
                className="h-20 w-auto max-w-full object-contain"
              />
              <div className="sm:ml-auto">
                <Button variant="ghost" size="sm" onClick={() => setUseSaved(false)}>
                  Draw or type a new one
                </Button>
              </div>
            </div>
            <p className="mt-1 text-xs text-slate-500">Your saved signature from your Pactum profile.</p>
          </div>
        ) : (
          <SignaturePad onChange={setSignature} defaultName={values.fullName ?? ''} />
        )}

        {placed?.hasInitials && (
          <TextField
            label="Your initials (for every initials field)"
            value={placed.initials}
            maxLength={4}
            onChange={(event) => placed.setInitials(event.target.value)}
          />
        )}

        {errors.form && <ErrorBanner>{errors.form}</ErrorBanner>}
        {errors.signature && <ErrorBanner>{errors.signature}</ErrorBanner>}

        <div className="flex flex-col-reverse gap-3 border-t border-slate-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
          <DeclineDialog signerId={view.signerId} />
          <Button
            type="submit"
            loading={sign.isPending}
            disabled={!consented || !signature || missing > 0}
            className="sm:min-w-32"
          >
            Sign
          </Button>
        </div>
        {(!consented || !signature || missing > 0) && (
          <p className="text-right text-xs text-slate-500">
            {!consented
              ? 'Agree to sign electronically'
              : !signature
                ? 'Add your signature'
                : `Fill the ${missing === 1 ? 'required field' : `${missing} required fields`} on the document`}{' '}
            to continue.
          </p>
        )}
      </form>
    </Card>
  );
}
