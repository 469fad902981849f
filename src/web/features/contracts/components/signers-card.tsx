import { ArrowUp, UserPlus, UserRound, X } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { emailSchema } from '../../../../shared/api/common';
import { isRolePlaceholder, type RecipientRole, roleOf } from '../../../../shared/recipients';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/text-field';
import { checkValue } from '../../../lib/field-errors';
import { randomId } from '../../../lib/random-id';
import type { DraftSigner } from './draft-signer';
import {
  listProblemsByEntry,
  moveRecipientUp,
  possibleNamers,
  recipientName,
  removeRecipient,
} from './recipient-list';
import { RecipientRouteControls, RoleSelect, selectClass } from './recipient-route-controls';
import { SignerCheckBadges, SignerChecks } from './signer-checks';

export function SignersCard({
  signers,
  editable,
  onChange,
  sequential,
  onSequentialChange,
  serverProblem,
}: {
  signers: DraftSigner[];
  editable: boolean;
  onChange: (signers: DraftSigner[]) => void;
  sequential: boolean;
  onSequentialChange: (sequential: boolean) => void;
  /** The server refused the list at one recipient's input ('signers.2.witnessOf'). */
  serverProblem?: { index: number; key: string; message: string } | null;
}) {
  const ordered = sequential && signers.length > 1;
  const moveUp = (index: number) => onChange(moveRecipientUp(signers, index));
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<RecipientRole>('signer');
  const [namedBy, setNamedBy] = useState<number | null>(null);
  // What the server would refuse in the list as it stands, at each recipient's input.
  const problems = listProblemsByEntry(signers);
  if (serverProblem) {
    const entry = problems.get(serverProblem.index) ?? {};
    entry[serverProblem.key] ??= serverProblem.message;
    problems.set(serverProblem.index, entry);
  }
  const namers = possibleNamers(signers, signers.length);
  const namedLater = namedBy !== null && namers.includes(namedBy);
  const [error, setError] = useState<string | null>(null);
  const nameInput = useRef<HTMLInputElement>(null);
  // The template's roles still without their person ('Client'): entries of the list, with their
  // route, holding a placeholder address until the person is added in their place.
  const roles = signers.flatMap((signer, index) => (isRolePlaceholder(signer.email) ? [index] : []));
  const [forRole, setForRole] = useState<string | null>(null);
  const activeIndex = signers.findIndex((signer) => signer.id === forRole && isRolePlaceholder(signer.email));
  const activeRole = activeIndex >= 0 ? (signers[activeIndex] as DraftSigner) : null;

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (namedLater && !activeRole) {
      onChange([
        ...signers,
        { id: randomId(), name: name.trim(), email: '', role, namedBy, signingOrder: signers.length + 1 },
      ]);
      finishAdding();
      return;
    }
    // The rule the server applies to a signer's address: trimmed, lower case, an e-mail.
    const checked = checkValue(emailSchema, email);
    if (checked.error !== undefined) return setError(checked.error);
    const normalized = checked.value;
    if (signers.some((signer) => signer.email === normalized)) {
      return setError(`${normalized} is already a signer on this contract`);
    }
    if (activeRole) {
      // The role's person takes its place: its number, order, witness and who names whom stay.
      const filled: DraftSigner = {
        ...activeRole,
        name: name.trim(),
        email: normalized,
        role,
        witnessOf: role === 'witness' ? (activeRole.witnessOf ?? null) : null,
        accessCodeSet: false,
        requireEmailCode: false,
      };
      onChange(signers.map((signer, at) => (at === activeIndex ? filled : signer)));
      finishAdding();
      return;
    }
    onChange([
      ...signers,
      {
        id: randomId(),
        name: name.trim(),
        email: normalized,
        role,
        // A new recipient comes after the others.
        signingOrder: Math.max(0, ...signers.map((signer, at) => signer.signingOrder ?? at + 1)) + 1,
        accessCodeSet: false,
        requireEmailCode: false,
      },
    ]);
    finishAdding();
  };

  const finishAdding = () => {
    setForRole(null);
    nameInput.current?.focus();
    setName('');
    setEmail('');
    setRole('signer');
    setNamedBy(null);
    setError(null);
  };

  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-slate-900">Signers</h2>
      <p className="mt-1 text-sm text-slate-500">
        Everyone who receives the contract: signers, approvers, viewers, copies and witnesses.
      </p>
      {signers.length === roles.length ? (
        <p className="mt-3 text-sm text-slate-500">No signers added yet. Add signers below.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" aria-label="Signers">
          {signers.map((signer, index) =>
            isRolePlaceholder(signer.email) ? null : (
              <li key={signer.id} className="py-2">
                <div className="flex items-start gap-2">
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-slate-900">
                      {ordered && (
                        <span className="text-slate-500">{signer.signingOrder ?? index + 1}. </span>
                      )}
                      {signer.name || <span className="italic text-slate-500">Name to come</span>}
                      {!editable && (
                        <span className="ml-1 font-normal text-slate-500">
                          · {roleOf(signer.role ?? 'signer').label}
                        </span>
                      )}
                    </p>
                    <p className="truncate text-sm text-slate-500">
                      {signer.namedBy
                        ? `Named by ${recipientName(signers[signer.namedBy - 1], signer.namedBy)} as they act`
                        : signer.email}
                    </p>
                  </div>
                  {editable && ordered && index > 0 && (
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Move ${recipientName(signer, index + 1)} up`}
                      onClick={() => moveUp(index)}
                    >
                      <ArrowUp aria-hidden="true" className="size-4" />
                    </Button>
                  )}
                  {editable && (
                    <Button
                      variant="danger"
                      size="sm"
                      aria-label={`Remove ${recipientName(signer, index + 1)}`}
                      onClick={() => onChange(removeRecipient(signers, index))}
                    >
                      Remove
                    </Button>
                  )}
                </div>
                {editable && (
                  <RecipientRouteControls
                    list={signers}
                    index={index}
                    sequential={ordered}
                    problems={problems.get(index) ?? {}}
                    onChange={(changed) =>
                      onChange(signers.map((other) => (other.id === changed.id ? changed : other)))
                    }
                  />
                )}
                {editable && signer.namedBy ? null : editable ? (
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
              </li>
            ),
          )}
        </ul>
      )}
      {editable && roles.length > 0 && (
        <div className="mt-3 space-y-2">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">
            Roles from the template
          </p>
          <ul aria-label="Roles to fill" className="space-y-2">
            {roles.map((index) => {
              const entry = signers[index] as DraftSigner;
              const role = entry.name || `Recipient ${index + 1}`;
              return (
                <li
                  key={entry.id}
                  className={`flex flex-wrap items-center gap-2 rounded-md border border-dashed px-3 py-2 ${entry.id === activeRole?.id ? 'border-indigo-400 bg-indigo-50' : 'border-amber-300 bg-amber-50'}`}
                >
                  <UserRound aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
                  <span className="min-w-0 flex-1 basis-36">
                    <span className="block truncate text-sm font-medium text-slate-900">{role}</span>
                    <span className="block truncate text-xs text-slate-600">
                      {roleSummary(signers, index, ordered)}
                    </span>
                  </span>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => {
                      setForRole(entry.id);
                      setRole(entry.role ?? 'signer');
                      setNamedBy(null);
                      nameInput.current?.focus();
                    }}
                  >
                    Add the {role}
                  </Button>
                  <button
                    type="button"
                    aria-label={`Skip the ${role}`}
                    title="Skip this role"
                    onClick={() => onChange(removeRecipient(signers, index))}
                    className="rounded p-1 text-slate-400 hover:bg-white hover:text-slate-600"
                  >
                    <X aria-hidden="true" className="size-4" />
                  </button>
                </li>
              );
            })}
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
      {editable && ordered && (
        <p className="mt-1 text-xs text-slate-500">
          Equal order numbers receive together; the next number waits until all of them are done.
        </p>
      )}
      {editable && (
        <form className="mt-4 space-y-3 border-t border-slate-100 pt-4" onSubmit={add} noValidate>
          {activeRole && (
            <p className="flex items-center justify-between gap-2 text-sm text-indigo-700">
              <span>Adding the {activeRole.name || `recipient ${activeIndex + 1}`}</span>
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
            label={namedLater ? 'Label (optional)' : 'Name'}
            placeholder={namedLater ? "e.g. Client's signatory" : undefined}
            value={name}
            onChange={(event) => setName(event.target.value)}
            autoComplete="off"
            dir="auto"
          />
          {!namedLater && (
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
          )}
          <RoleSelect id="new-recipient-role" label="Role" value={role} onChange={setRole} />
          {namers.length > 0 && !activeRole && (
            <label className="flex items-start gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={namedLater}
                onChange={(event) => setNamedBy(event.target.checked ? (namers[0] ?? null) : null)}
                className="mt-0.5 size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
              />
              Let an earlier recipient name this person
            </label>
          )}
          {namedLater && (
            <div>
              <label htmlFor="new-recipient-named-by" className="block text-sm font-medium text-slate-700">
                Who names them
              </label>
              <select
                id="new-recipient-named-by"
                value={namedBy ?? ''}
                onChange={(event) => setNamedBy(Number(event.target.value))}
                className={selectClass}
              >
                {namers.map((number) => (
                  <option key={number} value={number}>
                    {recipientName(signers[number - 1], number)}
                  </option>
                ))}
              </select>
              <p className="mt-1 text-xs text-slate-500">
                They give this person's name and e-mail on their signing page; send in order, with them in an
                earlier step.
              </p>
            </div>
          )}
          <Button
            type="submit"
            variant="secondary"
            className="w-full"
            disabled={(activeRole !== null || !namedLater) && (!name.trim() || !email.trim())}
          >
            <UserPlus aria-hidden="true" className="size-4" />
            {role === 'signer' ? 'Add Signer' : `Add ${roleOf(role).label}`}
          </Button>
        </form>
      )}
    </Card>
  );
}

/** What a template's role does, as its prompt says it: "Witness of Director B · order 2". */
function roleSummary(list: readonly DraftSigner[], index: number, ordered: boolean): string {
  const entry = list[index] as DraftSigner;
  const kind = roleOf(entry.role ?? 'signer').label;
  const witnessed = entry.role === 'witness' && entry.witnessOf ? list[entry.witnessOf - 1] : undefined;
  const what = witnessed ? `${kind} of ${recipientName(witnessed, entry.witnessOf ?? 0)}` : kind;
  return ordered ? `${what} · order ${entry.signingOrder ?? index + 1}` : what;
}
