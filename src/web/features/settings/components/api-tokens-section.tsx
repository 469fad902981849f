import { useQuery } from '@tanstack/react-query';
import { Check, Copy, KeyRound, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { ApiToken, ApiTokenScope, CreatedApiToken } from '../../../../shared/api/api-tokens';
import { AppError } from '../../../../shared/errors';
import { SettingsSection } from '../../../components/settings-section';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/text-field';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { fieldErrors } from '../../../lib/field-errors';
import { apiTokensQuery, useApiTokenChanges } from '../api/api-tokens';

const scopeLabels: Record<ApiTokenScope, string> = { read: 'Read only', 'read-write': 'Read and write' };
const lifetimes = [
  { label: 'Never', days: null },
  { label: '30 days', days: 30 },
  { label: '90 days', days: 90 },
  { label: '1 year', days: 365 },
] as const;
const dayMs = 24 * 60 * 60 * 1000;
const messageOf = (error: unknown) =>
  error instanceof AppError ? error.message : 'Something went wrong. Please try again.';

/** The token just made, shown this once: copied now or never seen again. */
function NewToken({ created, onDone }: { created: CreatedApiToken; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  return (
    <section className="rounded-md bg-amber-50 p-4 ring-1 ring-amber-200" aria-label="New API token">
      <p className="text-sm font-medium text-amber-900">Copy the token “{created.name}” now</p>
      <p className="mt-1 text-sm text-amber-900">
        You won’t see it again: Pactum keeps only a fingerprint of it. Store it where your integration keeps
        its secrets.
      </p>
      <code
        data-testid="new-api-token"
        className="mt-3 block rounded bg-white px-3 py-2 font-mono text-sm break-all text-slate-900 ring-1 ring-amber-200"
      >
        {created.token}
      </code>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            void navigator.clipboard?.writeText(created.token).then(() => setCopied(true));
          }}
        >
          {copied ? (
            <Check aria-hidden="true" className="size-4" />
          ) : (
            <Copy aria-hidden="true" className="size-4" />
          )}
          {copied ? 'Copied' : 'Copy token'}
        </Button>
        <Button size="sm" className="ml-auto" onClick={onDone}>
          Done
        </Button>
      </div>
    </section>
  );
}

function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
  const expired = token.expiresAt !== null && new Date(token.expiresAt).getTime() <= Date.now();
  return (
    <li className="flex flex-wrap items-start gap-x-4 gap-y-1 py-3" aria-label={token.name}>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
          <span className="break-all">{token.name}</span>
          <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-normal text-slate-700">
            {scopeLabels[token.scope]}
          </span>
          {expired && (
            <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-normal text-red-700">
              Expired
            </span>
          )}
        </p>
        <p className="mt-1 font-mono text-xs text-slate-500">{token.prefix}…</p>
        <p className="mt-1 text-xs text-slate-500">
          Created by {token.createdBy} on {formatDate(token.createdAt)} ·{' '}
          {token.lastUsedAt ? `last used ${formatDateTime(token.lastUsedAt)}` : 'never used'} ·{' '}
          {token.expiresAt
            ? `${expired ? 'expired' : 'expires'} ${formatDate(token.expiresAt)}`
            : 'no expiry'}
        </p>
      </div>
      <Button variant="danger" size="sm" aria-label={`Revoke ${token.name}`} onClick={onRevoke}>
        <Trash2 aria-hidden="true" className="size-4" /> Revoke
      </Button>
    </li>
  );
}

/** Admins' tokens for integrations: `Authorization: Bearer` on the same API as the app. */
export function ApiTokensSection() {
  const tokens = useQuery(apiTokensQuery);
  const changes = useApiTokenChanges();
  const [name, setName] = useState('');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [lifetime, setLifetime] = useState<number | null>(90);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);

  const create = (event: FormEvent) => {
    event.preventDefault();
    const expiresAt = lifetime === null ? null : new Date(Date.now() + lifetime * dayMs).toISOString();
    changes.create.mutate(
      { name: name.trim(), scope, expiresAt },
      {
        onSuccess: (token) => {
          setCreated(token);
          setName('');
        },
      },
    );
  };
  const createErrors = fieldErrors(changes.create.error, ['name']);

  return (
    <SettingsSection
      id="api-tokens"
      title="API tokens"
      description="Let other software use Pactum's API for your organization, with the header Authorization: Bearer <token>. The API is described at /api/docs."
    >
      {created && <NewToken created={created} onDone={() => setCreated(null)} />}
      {tokens.error && <ErrorBanner>{messageOf(tokens.error)}</ErrorBanner>}
      {tokens.data?.length === 0 && (
        <p className="flex items-center gap-2 text-sm text-slate-600">
          <KeyRound aria-hidden="true" className="size-4" /> No API tokens yet.
        </p>
      )}
      {tokens.data && tokens.data.length > 0 && (
        <ul aria-label="API tokens" className="divide-y divide-slate-100 border-y border-slate-100">
          {tokens.data.map((token) => (
            <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
          ))}
        </ul>
      )}
      <form
        onSubmit={create}
        aria-label="Create an API token"
        className="mt-5 grid gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end"
      >
        <TextField
          label="Token name"
          placeholder="e.g. CRM sync"
          value={name}
          maxLength={100}
          required
          onChange={(event) => {
            setName(event.target.value);
            changes.create.reset();
          }}
          error={createErrors.name}
        />
        <div>
          <label htmlFor="api-token-scope" className="block text-sm font-medium text-slate-700">
            Access
          </label>
          <select
            id="api-token-scope"
            value={scope}
            onChange={(event) => setScope(event.target.value as ApiTokenScope)}
            className="mt-1 h-10 w-full rounded-md border-0 pr-8 pl-3 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600"
          >
            {Object.entries(scopeLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="api-token-expiry" className="block text-sm font-medium text-slate-700">
            Expires after
          </label>
          <select
            id="api-token-expiry"
            value={lifetime ?? 'never'}
            onChange={(event) =>
              setLifetime(event.target.value === 'never' ? null : Number(event.target.value))
            }
            className="mt-1 h-10 w-full rounded-md border-0 pr-8 pl-3 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600"
          >
            {lifetimes.map((option) => (
              <option key={option.label} value={option.days ?? 'never'}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" loading={changes.create.isPending}>
          Create token
        </Button>
      </form>
      {createErrors.form && (
        <div className="mt-3">
          <ErrorBanner>{createErrors.form}</ErrorBanner>
        </div>
      )}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => {
          if (!open) {
            setRevoking(null);
            changes.revoke.reset();
          }
        }}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        description="Software using this token is refused from now on. This cannot be undone."
        confirmLabel="Revoke token"
        pending={changes.revoke.isPending}
        error={changes.revoke.error}
        onConfirm={() => {
          if (revoking) changes.revoke.mutate(revoking.id, { onSuccess: () => setRevoking(null) });
        }}
      />
    </SettingsSection>
  );
}
