import { useInfiniteQuery } from '@tanstack/react-query';
import { Check, Copy, RefreshCw, Send } from 'lucide-react';
import { useState } from 'react';
import { eventLabel } from '../../../../shared/events';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadMore } from '../../../components/ui/load-more';
import { errorMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/dates';
import { useWebhookChanges, webhookDeliveriesQuery } from '../api/webhooks';

/** An endpoint's signing secret, shown under it in Settings with its recent deliveries (below). */
export function SecretBox({ endpointId }: { endpointId: string }) {
  const changes = useWebhookChanges();
  const [secret, setSecret] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [rotating, setRotating] = useState(false);
  return (
    <div className="mt-3 rounded-md bg-slate-50 p-3">
      <p className="text-xs font-medium text-slate-700">Signing secret</p>
      {secret ? (
        <code data-testid="webhook-secret" className="mt-1 block font-mono text-xs break-all text-slate-900">
          {secret}
        </code>
      ) : (
        <p className="mt-1 text-xs text-slate-600">
          Receivers check each request's webhook-signature header with it (Standard Webhooks).
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        {secret ? (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void navigator.clipboard?.writeText(secret).then(() => setCopied(true))}
          >
            {copied ? (
              <Check aria-hidden="true" className="size-4" />
            ) : (
              <Copy aria-hidden="true" className="size-4" />
            )}
            {copied ? 'Copied' : 'Copy secret'}
          </Button>
        ) : (
          <Button
            variant="secondary"
            size="sm"
            loading={changes.reveal.isPending}
            onClick={() =>
              changes.reveal.mutate(endpointId, { onSuccess: (shown) => setSecret(shown.secret) })
            }
          >
            Show secret
          </Button>
        )}
        <Button variant="ghost" size="sm" onClick={() => setRotating(true)}>
          <RefreshCw aria-hidden="true" className="size-4" /> Rotate
        </Button>
      </div>
      {(changes.reveal.error || changes.rotate.error) && (
        <p role="alert" className="mt-2 text-xs text-red-700">
          {errorMessage(changes.reveal.error ?? changes.rotate.error)}
        </p>
      )}
      <ConfirmDialog
        open={rotating}
        onOpenChange={setRotating}
        title="Rotate the signing secret?"
        description="Requests from now on are signed with a new secret: update the receiver, or it will refuse them."
        confirmLabel="Rotate secret"
        pending={changes.rotate.isPending}
        error={changes.rotate.error}
        onConfirm={() =>
          changes.rotate.mutate(endpointId, {
            onSuccess: (fresh) => {
              setSecret(fresh.secret);
              setCopied(false);
              setRotating(false);
            },
          })
        }
      />
    </div>
  );
}

const statusTone = {
  succeeded: 'text-emerald-700',
  failed: 'text-red-700',
  pending: 'text-amber-700',
} as const;

export function Deliveries({ endpointId }: { endpointId: string }) {
  const pages = useInfiniteQuery(webhookDeliveriesQuery(endpointId));
  const changes = useWebhookChanges();
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="mt-3">
      {pages.error && <ErrorBanner>{errorMessage(pages.error)}</ErrorBanner>}
      {pages.data && items.length === 0 && <p className="text-sm text-slate-600">No deliveries yet.</p>}
      {items.length > 0 && (
        <ul aria-label="Deliveries" className="divide-y divide-slate-100 border-y border-slate-100">
          {items.map((delivery) => (
            <li key={delivery.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
              <span className="min-w-0 flex-1">
                <span className="block font-medium text-slate-900">{eventLabel(delivery.eventType)}</span>
                <span className="block text-xs text-slate-500">
                  {formatDateTime(delivery.lastAttemptAt ?? delivery.createdAt)} · {delivery.attempts}{' '}
                  {delivery.attempts === 1 ? 'attempt' : 'attempts'}
                  {delivery.durationMs !== null ? ` · ${delivery.durationMs} ms` : ''}
                </span>
                {delivery.error && (
                  <span className="block truncate text-xs text-red-700" title={delivery.error}>
                    {delivery.error}
                  </span>
                )}
              </span>
              <span className={`text-xs font-medium ${statusTone[delivery.status]}`}>
                {delivery.statusCode ?? '—'} {delivery.status}
              </span>
              <Button
                variant="ghost"
                size="sm"
                aria-label={`Resend ${eventLabel(delivery.eventType)}`}
                loading={changes.resend.isPending && changes.resend.variables?.deliveryId === delivery.id}
                onClick={() => changes.resend.mutate({ endpointId, deliveryId: delivery.id })}
              >
                <Send aria-hidden="true" className="size-4" /> Resend
              </Button>
            </li>
          ))}
        </ul>
      )}
      <LoadMore pages={pages} className="mt-2" />
    </div>
  );
}
