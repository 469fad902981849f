import { ArrowUp, UserPlus, UserRound, X } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { emailSchema } from '../../../../shared/api/common';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/text-field';
import { checkValue } from '../../../lib/field-errors';
import { randomId } from '../../../lib/random-id';
import type { DraftSigner } from './draft-signer';
import { SignerCheckBadges, SignerChecks } from './signer-checks';

export function SignersCard({
  signers,
  editable,
  onChange,
  sequential,
  onSequentialChange,
  roles = [],
  onRoleDone,
}: {
  signers: DraftSigner[];
  editable: boolean;
  onChange: (signers: DraftSigner[]) => void;
  sequential: boolean;
  onSequentialChange: (sequential: boolean) => void;
  /** The roles of the template this draft was made from that still need a person ('Client'). */
  roles?: string[];
  /** A role was given its person, or skipped. */
  onRoleDone?: (role: string) => void;
}) {
  const ordered = sequential && signers.length > 1;
  const moveUp = (index: number) => {
    const next = [...signers];
    const [moved] = next.splice(index, 1);
    if (moved) next.splice(index - 1, 0, moved);
    onChange(next);
  };
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  // The role the person being added takes, after its 'Add the Client' prompt.
  const [forRole, setForRole] = useState<string | null>(null);
  const activeRole = forRole && roles.includes(forRole) ? forRole : null;

  const add = (event: FormEvent) => {
    event.preventDefault();
    // The rule the server applies to a signer's address: trimmed, lower case, an e-mail.
    const checked = checkValue(emailSchema, email);
    if (checked.error !== undefined) return setError(checked.error);
    const normalized = checked.value;
    if (signers.some((signer) => signer.email === normalized)) {
      return setError(`${normalized} is already a signer on this contract`);
    }
    onChange([
      ...signers,
      { id: randomId(), name: name.trim(), email: normalized, accessCodeSet: false, requireEmailCode: false },
    ]);
    if (activeRole) onRoleDone?.(activeRole);
    setForRole(null);
    nameInput.current?.focus();
    setName('');
    setEmail('');
    setError(null);
  };

  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-slate-900">Signers</h2>
      {signers.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">No signers added yet. Add signers below.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" aria-label="Signers">
          {signers.map((signer, index) => (
            <li key={signer.id} className="flex items-start gap-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">
                  {ordered && <span className="text-slate-400">{index + 1}. </span>}
                  {signer.name}
                </p>
                <p className="truncate text-sm text-slate-500">{signer.email}</p>
                {editable ? (
                  <SignerChecks
                    signer={signer}
                    onChange={(changed) =>
                      onChange(signers.map((other) => (other.id === changed.id ? changed : other)))
                    }
                  />
                ) : (
                  <SignerCheckBadges
                    accessCode={signer.accessCodeSet ?? false}
                    emailCode={signer.requireEmailCode ?? false}
                  />
                )}
              </div>
              {editable && ordered && index > 0 && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Move ${signer.name} up`}
                  onClick={() => moveUp(index)}
                >
                  <ArrowUp aria-hidden="true" className="size-4" />
                </Button>
              )}
              {editable && (
                <Button
                  variant="danger"
                  size="sm"
                  aria-label={`Remove ${signer.name}`}
                  onClick={() => onChange(signers.filter((other) => other.id !== signer.id))}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && roles.length > 0 && (
        <div className="mt-3 space-y-2">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">
            Roles from the template
          </p>
          <ul aria-label="Roles to fill" className="space-y-2">
            {roles.map((role) => (
              <li
                key={role}
                className={`flex items-center gap-2 rounded-md border border-dashed px-3 py-2 ${role === activeRole ? 'border-indigo-400 bg-indigo-50' : 'border-amber-300 bg-amber-50'}`}
              >
                <UserRound aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
                <span className="min-w-0 flex-1 truncate text-sm font-medium text-slate-900">{role}</span>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => {
                    setForRole(role);
                    nameInput.current?.focus();
                  }}
                >
                  Add the {role}
                </Button>
                <button
                  type="button"
                  aria-label={`Skip the ${role}`}
                  title="Skip this role"
                  onClick={() => onRoleDone?.(role)}
                  className="rounded p-1 text-slate-400 hover:bg-white hover:text-slate-600"
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
      {editable && signers.length > 1 && (
        <label className="mt-3 flex items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={sequential}
            onChange={(event) => onSequentialChange(event.target.checked)}
            className="size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
          />
          Sign in order, one after another
        </label>
      )}
      {editable && (
        <form className="mt-4 space-y-3 border-t border-slate-100 pt-4" onSubmit={add} noValidate>
          {activeRole && (
            <p className="flex items-center justify-between gap-2 text-sm text-indigo-700">
              <span>Adding the {activeRole}</span>
              <button
                type="button"
                className="text-xs font-medium text-slate-500 underline hover:text-slate-700"
                onClick={() => setForRole(null)}
              >
                Not for a role
              </button>
            </p>
          )}
          <TextField
            ref={nameInput}
            label="Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            autoComplete="off"
            dir="auto"
          />
          <TextField
            label="Email"
            type="email"
            value={email}
            error={error ?? undefined}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(null);
            }}
            autoComplete="off"
          />
          <Button
            type="submit"
            variant="secondary"
            className="w-full"
            disabled={!name.trim() || !email.trim()}
          >
            <UserPlus aria-hidden="true" className="size-4" />
            Add Signer
          </Button>
        </form>
      )}
    </Card>
  );
}
