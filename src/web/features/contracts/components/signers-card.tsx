import { ArrowUp, UserPlus } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { TextField } from '../../../components/ui/text-field';
import { randomId } from '../../../lib/random-id';

export type DraftSigner = { id: string; name: string; email: string };

const emailCheck = z.email();

export function SignersCard({
  signers,
  editable,
  onChange,
  sequential,
  onSequentialChange,
}: {
  signers: DraftSigner[];
  editable: boolean;
  onChange: (signers: DraftSigner[]) => void;
  sequential: boolean;
  onSequentialChange: (sequential: boolean) => void;
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

  const add = (event: FormEvent) => {
    event.preventDefault();
    const normalized = email.trim().toLowerCase();
    if (!emailCheck.safeParse(normalized).success) return setError('Enter a valid email address');
    if (signers.some((signer) => signer.email === normalized)) {
      return setError(`${normalized} is already a signer on this contract`);
    }
    onChange([...signers, { id: randomId(), name: name.trim(), email: normalized }]);
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
            <li key={signer.id} className="flex items-center gap-3 py-2">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900">
                  {ordered && <span className="text-slate-400">{index + 1}. </span>}
                  {signer.name}
                </p>
                <p className="truncate text-sm text-slate-500">{signer.email}</p>
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
          <TextField
            ref={nameInput}
            label="Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            autoComplete="off"
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
