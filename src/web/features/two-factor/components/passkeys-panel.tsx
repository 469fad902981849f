import { KeyRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { TwoFactorStatus } from '../../../../shared/api/two-factor';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { formatDate } from '../../../lib/dates';
import { useRegisterPasskey, useRemovePasskey, useRenamePasskey } from '../api/two-factor';

type Passkey = TwoFactorStatus['passkeys'][number];

function PasskeyRow({ passkey }: { passkey: Passkey }) {
  const rename = useRenamePasskey();
  const remove = useRemovePasskey();
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [confirming, setConfirming] = useState(false);
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        {editing ? (
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault();
              rename.mutate({ id: passkey.id, name }, { onSuccess: () => setEditing(false) });
            }}
          >
            <TextField
              label="Passkey name"
              value={name}
              maxLength={60}
              className="min-w-0 flex-1 sm:max-w-72"
              onChange={(event) => setName(event.target.value)}
            />
            <Button type="submit" size="sm" loading={rename.isPending}>
              Save
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </form>
        ) : (
          <>
            <p className="text-sm font-medium text-slate-900 wrap-anywhere">{passkey.name}</p>
            <p className="text-sm text-slate-500">
              Added {formatDate(passkey.createdAt)} ·{' '}
              {passkey.lastUsedAt ? `last used ${formatDate(passkey.lastUsedAt)}` : 'never used yet'}
            </p>
          </>
        )}
        {(rename.error ?? remove.error) && (
          <div className="mt-2">
            <ErrorBanner>{(rename.error ?? remove.error)?.message}</ErrorBanner>
          </div>
        )}
      </div>
      {!editing && !confirming && (
        <div className="flex gap-1">
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setEditing(true)}
            aria-label={`Rename ${passkey.name}`}
          >
            Rename
          </Button>
          <Button
            size="sm"
            variant="danger"
            onClick={() => setConfirming(true)}
            aria-label={`Remove ${passkey.name}`}
          >
            Remove
          </Button>
        </div>
      )}
      {confirming && (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-slate-700">Remove this passkey?</span>
          <Button
            size="sm"
            variant="danger"
            loading={remove.isPending}
            onClick={() => remove.mutate(passkey.id)}
          >
            Remove
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            Keep
          </Button>
        </div>
      )}
    </li>
  );
}

/** A guess at the device the passkey is made on, as a default name. */
function defaultPasskeyName(): string {
  const agent = navigator.userAgent;
  if (/iPhone|iPad/.test(agent)) return 'iPhone';
  if (/Android/.test(agent)) return 'Android phone';
  if (/Mac OS X/.test(agent)) return 'Mac';
  if (/Windows/.test(agent)) return 'Windows PC';
  return 'This device';
}

/** The passkeys registered: add one, rename, remove. */
export function PasskeysPanel({ status }: { status: TwoFactorStatus }) {
  const register = useRegisterPasskey();
  const [adding, setAdding] = useState(false);
  const [name, setName] = useState(defaultPasskeyName);
  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    register.mutate(name, { onSuccess: () => setAdding(false) });
  };
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-start gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-500">
          <KeyRound aria-hidden="true" className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h3 className="text-sm font-medium text-slate-900">Passkeys</h3>
          <p className="mt-0.5 text-sm text-slate-600">
            Sign in with your fingerprint, face or device PIN instead of a code. A passkey alone signs you in.
          </p>
        </div>
        {!adding && (
          <Button variant="secondary" onClick={() => setAdding(true)}>
            Add a passkey
          </Button>
        )}
      </div>
      {adding && (
        <form
          className="flex flex-wrap items-end gap-2 rounded-md bg-slate-50 p-4 ring-1 ring-slate-200"
          onSubmit={onAdd}
        >
          <TextField
            label="Name it (so you can tell it apart)"
            name="passkey-name"
            value={name}
            maxLength={60}
            className="min-w-0 flex-1 sm:max-w-80"
            onChange={(event) => setName(event.target.value)}
          />
          <Button type="submit" loading={register.isPending}>
            Create passkey
          </Button>
          <Button variant="ghost" onClick={() => setAdding(false)}>
            Cancel
          </Button>
        </form>
      )}
      {register.error && <ErrorBanner>{register.error.message}</ErrorBanner>}
      {status.passkeys.length > 0 && (
        <ul className="divide-y divide-slate-100 border-t border-slate-100" aria-label="Passkeys">
          {status.passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      )}
    </div>
  );
}
