import { UserPlus } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { emailSchema } from '../../../../shared/api/common';
import { isRolePlaceholder, rolePlaceholderEmail } from '../../../../shared/recipients';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/text-field';
import { checkValue } from '../../../lib/field-errors';
import { randomId } from '../../../lib/random-id';
import type { DraftSigner } from './draft-signer';
import { listProblemsByEntry, possibleNamers, recipientName, removeRecipient } from './recipient-list';
import { RecipientRouteControls } from './recipient-route-controls';

/**
 * A template's signers are roles ('Client', 'Landlord'): a name, what they do (sign, approve, view,
 * copy, witness), their order number, the signer a witness witnesses, and whether an earlier role
 * names them as they act. The people are added to each contract made from it, but for a role given
 * an address here, the same person on every contract (legal in CC). (Stored as signers whose name
 * is the role; a role without an address gets a placeholder when saving, never shown.)
 */
export function RolesCard({
  roles,
  onChange,
}: {
  roles: DraftSigner[];
  onChange: (roles: DraftSigner[]) => void;
}) {
  const [role, setRole] = useState('');
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  // The server's check, with the placeholder each role without an address is saved with.
  const problems = listProblemsByEntry(
    roles.map((entry, index) =>
      entry.email || entry.namedBy ? entry : { ...entry, email: rolePlaceholderEmail(index + 1) },
    ),
  );
  const update = (changed: DraftSigner) =>
    onChange(roles.map((other) => (other.id === changed.id ? changed : other)));

  const add = (event: FormEvent) => {
    event.preventDefault();
    const name = role.trim();
    if (!name) return;
    if (roles.some((other) => other.name.toLowerCase() === name.toLowerCase())) {
      return setError(`${name} is already a role in this template`);
    }
    const checked = email.trim() ? checkValue(emailSchema, email) : { value: '' };
    if (checked.error !== undefined) return setEmailError(checked.error);
    if (checked.value && roles.some((other) => other.email === checked.value)) {
      return setEmailError(`${checked.value} already takes another role`);
    }
    const order = Math.max(0, ...roles.map((other, at) => other.signingOrder ?? at + 1)) + 1;
    onChange([...roles, { id: randomId(), name, email: checked.value, role: 'signer', signingOrder: order }]);
    setRole('');
    setEmail('');
    setError(null);
    setEmailError(null);
    input.current?.focus();
  };

  return (
    <Card className="p-5">
      <h2 className="text-base font-semibold text-slate-900">Signer Roles</h2>
      <p className="mt-1 text-sm text-slate-500">
        Who receives a contract made from this template, and what each does. Their names and e-mails are added
        to each contract. Sent in order, equal order numbers receive together.
      </p>
      {roles.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">No roles added yet. Add roles below.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" aria-label="Signer roles">
          {roles.map((item, index) => (
            <li key={item.id} className="flex items-start gap-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">{item.name}</p>
                <p className="truncate text-xs text-slate-500">{personOf(roles, index)}</p>
                <RecipientRouteControls
                  list={roles}
                  index={index}
                  sequential
                  problems={problems.get(index) ?? {}}
                  onChange={update}
                />
                <NamedLaterToggle roles={roles} index={index} onChange={update} />
              </div>
              <Button
                variant="danger"
                size="sm"
                aria-label={`Remove ${item.name}`}
                onClick={() => onChange(removeRecipient(roles, index))}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form className="mt-4 space-y-3 border-t border-slate-100 pt-4" onSubmit={add} noValidate>
        <TextField
          ref={input}
          label="Role"
          value={role}
          maxLength={200}
          placeholder="e.g. Client"
          error={error ?? undefined}
          onChange={(event) => {
            setRole(event.target.value);
            setError(null);
          }}
          autoComplete="off"
        />
        <TextField
          label="E-mail (optional)"
          type="email"
          value={email}
          maxLength={320}
          {...(emailError ? {} : { 'aria-describedby': 'role-email-hint' })}
          error={emailError ?? undefined}
          onChange={(event) => {
            setEmail(event.target.value);
            setEmailError(null);
          }}
          autoComplete="off"
        />
        <p id="role-email-hint" className="-mt-2 text-xs text-slate-500">
          Only for the same person on every contract, such as legal in CC; otherwise each contract adds its
          own.
        </p>
        <Button type="submit" variant="secondary" className="w-full" disabled={!role.trim()}>
          <UserPlus aria-hidden="true" className="size-4" />
          Add Role
        </Button>
      </form>
    </Card>
  );
}

/** Who takes the role: the same person on every contract, each contract's, or one named later. */
function personOf(roles: readonly DraftSigner[], index: number): string {
  const entry = roles[index] as DraftSigner;
  if (entry.namedBy) {
    return `Named by ${recipientName(roles[entry.namedBy - 1], entry.namedBy)} as they act`;
  }
  if (entry.email && !isRolePlaceholder(entry.email)) return `${entry.email}, on every contract`;
  return 'Added to each contract';
}

/** Leaves the role's person to be named by an earlier role, on their signing page. */
function NamedLaterToggle({
  roles,
  index,
  onChange,
}: {
  roles: readonly DraftSigner[];
  index: number;
  onChange: (entry: DraftSigner) => void;
}) {
  const entry = roles[index] as DraftSigner;
  const namers = possibleNamers(roles, index);
  if (namers.length === 0 && !entry.namedBy) return null;
  return (
    <label className="mt-2 flex items-start gap-2 text-sm text-slate-700">
      <input
        type="checkbox"
        checked={entry.namedBy != null}
        onChange={(event) =>
          onChange({ ...entry, email: '', namedBy: event.target.checked ? (namers[0] ?? null) : null })
        }
        className="mt-0.5 size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
      />
      <span>
        Named later by an earlier role
        <span className="sr-only"> ({entry.name})</span>
      </span>
    </label>
  );
}
