import { roleOf } from '../../../../shared/recipients';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { SignaturePad } from '../../../components/ui/signature-pad';
import { TextField } from '../../../components/ui/text-field';
import { type FieldErrors, fieldErrors } from '../../../lib/field-errors';
import { DeclineDialog } from './decline-dialog';
import { DelegateDialog } from './delegate-dialog';
import { type SigningWalk, walkIds } from './use-signing-walk';

const inputTypes = { text: 'text', email: 'email', phone: 'tel' } as const;

/**
 * Consent, the organization's signer fields, the signature (and the initials, when the document
 * asks for them), and Decline. The fields placed on the document are filled through the walk
 * (walk-bar.tsx), whose Finish submits this form.
 */
export function SigningForm({ walk }: { walk: SigningWalk }) {
  const { view, saved } = walk;
  // A signer field or the signature named by the server gets the message beside it.
  const errors: FieldErrors<string> = fieldErrors(walk.sign.error, [
    ...view.fields.map((field) => field.key),
    'signature',
  ]);

  return (
    <Card className="p-6">
      <form
        id="signing-form"
        onSubmit={(event) => {
          event.preventDefault();
          walk.submit();
        }}
        className="space-y-6"
        aria-label={walk.signs ? 'Sign the document' : 'Approve the document'}
      >
        <div>
          <h2 className="text-base font-semibold text-slate-900">{view.consent.title}</h2>
          <div className="mt-2 space-y-2 rounded-md bg-slate-50 p-3 text-sm text-slate-600 ring-1 ring-slate-200">
            {view.consent.text.split('\n\n').map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <label className="mt-3 flex min-h-11 items-center gap-3 text-sm text-slate-800">
            <input
              id={walkIds.consent}
              type="checkbox"
              checked={walk.consented}
              onChange={(event) => walk.setConsented(event.target.checked)}
              className="size-5 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
            />
            <span>I agree to {walk.signs ? 'sign' : 'approve'} electronically</span>
          </label>
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          {view.fields.map((field) => (
            <TextField
              key={field.key}
              id={walkIds.detail(field.key)}
              label={`${field.name}${field.required ? '' : ' (optional)'}`}
              type={inputTypes[field.type]}
              required={field.required}
              readOnly={field.key === 'email'}
              value={walk.details[field.key] ?? ''}
              onChange={(event) => walk.setDetail(field.key, event.target.value)}
              error={errors[field.key]}
              autoComplete={field.key === 'fullName' ? 'name' : field.type === 'phone' ? 'tel' : undefined}
              // A name or a company in Arabic or Hebrew reads from the right as it is typed.
              dir={field.type === 'text' ? 'auto' : undefined}
            />
          ))}
        </div>

        {view.toName.length > 0 && <NamingSection walk={walk} />}

        {/* Where the walk's signature step brings the signer: adopted once, it fills every signature field. */}
        {walk.signs && (
          <div id={walkIds.signature} tabIndex={-1} className="space-y-4 focus:outline-none">
            {walk.useSaved && saved ? (
              <div>
                <p className="text-sm font-medium text-slate-700">Signature</p>
                <div className="mt-2 flex flex-col gap-3 rounded-md bg-white p-3 ring-1 ring-slate-300 sm:flex-row sm:items-center">
                  <img
                    src={saved.image}
                    alt="Your saved signature"
                    className="h-20 w-auto max-w-full object-contain"
                  />
                  <div className="sm:ml-auto">
                    <Button variant="ghost" size="sm" onClick={() => walk.setUseSaved(false)}>
                      Draw or type a new one
                    </Button>
                  </div>
                </div>
                <p className="mt-1 text-xs text-slate-500">Your saved signature from your Pactum profile.</p>
              </div>
            ) : (
              <SignaturePad onChange={walk.setDrawn} defaultName={walk.details.fullName ?? ''} />
            )}

            {walk.placed.hasInitials && (
              <TextField
                label="Your initials (for every initials field)"
                value={walk.placed.initials}
                maxLength={4}
                onChange={(event) => walk.placed.setInitials(event.target.value)}
              />
            )}
            {errors.signature && <ErrorBanner>{errors.signature}</ErrorBanner>}
          </div>
        )}

        <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4">
          <DeclineDialog signerId={view.signerId} reject={view.role === 'approver'} />
          {view.mayDelegate && <DelegateDialog signerId={view.signerId} />}
        </div>
      </form>
    </Card>
  );
}

/**
 * The later recipients the sender left for this one to name: a name and an e-mail address each,
 * sent with the signature (or approval); each is invited when their turn comes.
 */
function NamingSection({ walk }: { walk: SigningWalk }) {
  const { view } = walk;
  return (
    <section aria-labelledby="signing-naming" className="space-y-3">
      <div>
        <h2 id="signing-naming" className="text-base font-semibold text-slate-900">
          Who signs next
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          {view.sender.name} asks you to name {view.toName.length === 1 ? 'this person' : 'these people'}.
          They get their own e-mail when it is their turn.
        </p>
      </div>
      {view.toName.map((entry) => {
        const value = walk.named[entry.number] ?? { name: '', email: '' };
        const what = entry.label || `the ${roleOf(entry.role).label.toLowerCase()}`;
        return (
          <fieldset key={entry.number} className="rounded-md p-3 ring-1 ring-slate-200">
            <legend className="px-1 text-sm font-medium text-slate-800">
              {entry.label || roleOf(entry.role).label}
              <span className="font-normal text-slate-500"> · {roleOf(entry.role).label}</span>
            </legend>
            <div className="grid gap-3 sm:grid-cols-2">
              <TextField
                id={walkIds.naming(entry.number)}
                label={`Name of ${what}`}
                value={value.name}
                dir="auto"
                autoComplete="off"
                onChange={(event) => walk.setNamed(entry.number, { ...value, name: event.target.value })}
              />
              <TextField
                label={`E-mail of ${what}`}
                type="email"
                value={value.email}
                autoComplete="off"
                error={
                  value.email.trim() && value.name.trim()
                    ? (walk.namingProblem(entry.number) ?? undefined)
                    : undefined
                }
                onChange={(event) => walk.setNamed(entry.number, { ...value, email: event.target.value })}
              />
            </div>
          </fieldset>
        );
      })}
    </section>
  );
}
