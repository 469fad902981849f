import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Check, Copy, RefreshCw, Send, Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { WebhookEndpoint } from '../../../../shared/api/webhooks';
import { AppError } from '../../../../shared/errors';
import { type EventType, eventLabel, eventTypes } from '../../../../shared/events';
import { SettingsSection } from '../../../components/settings-section';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LoadMore } from '../../../components/ui/load-more';
import { TextField } from '../../../components/ui/text-field';
import { formatDateTime } from '../../../lib/dates';
import { fieldErrors } from '../../../lib/field-errors';
import { useWebhookChanges, webhookDeliveriesQuery, webhooksQuery } from '../api/webhooks';
import { WebhookEventReference } from './webhook-event-reference';

const messageOf = (error: unknown) =>
  error instanceof AppError ? error.message : 'Something went wrong. Please try again.';

function EventChoice({
  allEvents,
  events,
  onChange,
}: {
  allEvents: boolean;
  events: EventType[];
  onChange: (allEvents: boolean, events: EventType[]) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-medium text-slate-700">Events</legend>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={allEvents}
          onChange={(event) => onChange(event.target.checked, events)}
          className="size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
        />
        All events, including kinds added later
      </label>
      {!allEvents && (
        <div className="grid gap-1.5 pl-6 sm:grid-cols-2">
          {eventTypes.map((type) => (
            <label key={type} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={events.includes(type)}
                onChange={(event) =>
                  onChange(
                    false,
                    event.target.checked ? [...events, type] : events.filter((chosen) => chosen !== type),
                  )
                }
                className="size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
              />
              {eventLabel(type)}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}

function SecretBox({ endpointId }: { endpointId: string }) {
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
          {messageOf(changes.reveal.error ?? changes.rotate.error)}
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

function Deliveries({ endpointId }: { endpointId: string }) {
  const pages = useInfiniteQuery(webhookDeliveriesQuery(endpointId));
  const changes = useWebhookChanges();
  const items = pages.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="mt-3">
      {pages.error && <ErrorBanner>{messageOf(pages.error)}</ErrorBanner>}
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

function EndpointRow({ endpoint }: { endpoint: WebhookEndpoint }) {
  const changes = useWebhookChanges();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const events = endpoint.allEvents
    ? 'All events'
    : endpoint.events.map((type) => eventLabel(type)).join(', ');
  return (
    <li className="py-4" aria-label={endpoint.url}>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:gap-3">
        <div className="min-w-0 flex-1">
          <p className="font-mono text-sm break-all text-slate-900">{endpoint.url}</p>
          <p className="mt-1 text-xs text-slate-500">{events}</p>
          {endpoint.enabled ? (
            <p className="mt-1 text-xs text-emerald-700">On</p>
          ) : (
            <p className="mt-1 text-xs text-red-700">
              Off{endpoint.disabledReason ? `: ${endpoint.disabledReason}` : ''}
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-1">
          <Button variant="secondary" size="sm" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? 'Hide details' : 'Details'}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            loading={changes.update.isPending}
            onClick={() => changes.update.mutate({ id: endpoint.id, enabled: !endpoint.enabled })}
          >
            {endpoint.enabled ? 'Turn off' : 'Turn on'}
          </Button>
          <Button
            variant="danger"
            size="sm"
            aria-label={`Delete ${endpoint.url}`}
            onClick={() => setDeleting(true)}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </div>
      {changes.update.error && (
        <p role="alert" className="mt-1 text-xs text-red-700">
          {messageOf(changes.update.error)}
        </p>
      )}
      {open && (
        <>
          <SecretBox endpointId={endpoint.id} />
          <Deliveries endpointId={endpoint.id} />
        </>
      )}
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete this endpoint?"
        description="Pactum stops sending it events, and its deliveries are forgotten."
        confirmLabel="Delete endpoint"
        pending={changes.remove.isPending}
        error={changes.remove.error}
        onConfirm={() => changes.remove.mutate(endpoint.id, { onSuccess: () => setDeleting(false) })}
      />
    </li>
  );
}

/** Admins' webhook endpoints: where contract events are POSTed, signed, as they happen. */
export function WebhooksSection() {
  const endpoints = useQuery(webhooksQuery);
  const changes = useWebhookChanges();
  const [url, setUrl] = useState('');
  const [allEvents, setAllEvents] = useState(true);
  const [events, setEvents] = useState<EventType[]>([]);
  const add = (event: FormEvent) => {
    event.preventDefault();
    changes.create.mutate(
      { url: url.trim(), allEvents, events },
      {
        onSuccess: () => {
          setUrl('');
          setAllEvents(true);
          setEvents([]);
        },
      },
    );
  };
  const addErrors = fieldErrors(changes.create.error, ['url']);
  return (
    <div id="webhooks">
      <SettingsSection
        title="Webhooks"
        description="Pactum POSTs each contract event (sent, viewed, signed, completed, sealed…) to your endpoints as it happens, signed with the endpoint's secret. Failed deliveries are retried for a few hours; an endpoint that keeps failing is turned off and you are told."
      >
        {endpoints.error && <ErrorBanner>{messageOf(endpoints.error)}</ErrorBanner>}
        {endpoints.data?.length === 0 && <p className="text-sm text-slate-600">No endpoints yet.</p>}
        {endpoints.data && endpoints.data.length > 0 && (
          <ul aria-label="Webhook endpoints" className="divide-y divide-slate-100 border-y border-slate-100">
            {endpoints.data.map((endpoint) => (
              <EndpointRow key={endpoint.id} endpoint={endpoint} />
            ))}
          </ul>
        )}
        <form onSubmit={add} aria-label="Add a webhook endpoint" className="mt-5 space-y-3">
          <TextField
            label="Endpoint URL"
            placeholder="https://example.com/pactum-events"
            value={url}
            required
            maxLength={2000}
            onChange={(event) => {
              setUrl(event.target.value);
              changes.create.reset();
            }}
            error={addErrors.url}
          />
          <EventChoice
            allEvents={allEvents}
            events={events}
            onChange={(all, chosen) => {
              setAllEvents(all);
              setEvents(chosen);
            }}
          />
          {addErrors.form && <ErrorBanner>{addErrors.form}</ErrorBanner>}
          <Button type="submit" loading={changes.create.isPending}>
            Add endpoint
          </Button>
        </form>
        <WebhookEventReference />
      </SettingsSection>
    </div>
  );
}
