import { UserPlus } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/text-field';
import { randomId } from '../../../lib/random-id';
import type { DraftSigner } from './draft-signer';
import { listProblemsByEntry, removeRecipient } from './recipient-list';
import { RecipientRouteControls } from './recipient-route-controls';

/**
 * A template's signers are roles ('Client', 'Landlord'): a name, what they do (sign, approve, view,
 * copy, witness) and their order number. The people are added to each contract made from it. (Stored as signers whose name is the role; the e-mail the page adds when
 * saving is a placeholder, never shown.)
 */
export function RolesCard({
  roles,
  onChange,
}: {
  roles: DraftSigner[];
  onChange: (roles: DraftSigner[]) => void;
}) {
  const [role, setRole] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const problems = listProblemsByEntry(roles);

  const add = (event: FormEvent) => {
    event.preventDefault();
    const name = role.trim();
    if (!name) return;
    if (roles.some((other) => other.name.toLowerCase() === name.toLowerCase())) {
      return setError(`${name} is already a role in this template`);
    }
    const order = Math.max(0, ...roles.map((other, at) => other.signingOrder ?? at + 1)) + 1;
    onChange([...roles, { id: randomId(), name, email: '', role: 'signer', signingOrder: order }]);
    setRole('');
    setError(null);
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
                <RecipientRouteControls
                  list={roles}
                  index={index}
                  sequential
                  problems={withoutAddress(problems.get(index))}
                  onChange={(changed) =>
                    onChange(roles.map((other) => (other.id === changed.id ? changed : other)))
                  }
                />
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
        <Button type="submit" variant="secondary" className="w-full" disabled={!role.trim()}>
          <UserPlus aria-hidden="true" className="size-4" />
          Add Role
        </Button>
      </form>
    </Card>
  );
}

/** A role has no address of its own (the page adds a placeholder when saving). */
const withoutAddress = (problems: Partial<Record<string, string>> | undefined) => {
  const { email: _email, ...rest } = problems ?? {};
  return rest;
};
