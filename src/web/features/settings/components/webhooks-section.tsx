import { useQuery } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { WebhookEndpoint } from '../../../../shared/api/webhooks';
import { type EventType, eventLabel, eventTypes } from '../../../../shared/events';
import { SettingsSection } from '../../../components/settings-section';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-errors';
import { fieldErrors } from '../../../lib/field-errors';
import { useWebhookChanges, webhooksQuery } from '../api/webhooks';
import { Deliveries, SecretBox } from './webhook-endpoint-details';
import { WebhookEventReference } from './webhook-event-reference';

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
          {errorMessage(changes.update.error)}
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
    <SettingsSection
      id="webhooks"
      title="Webhooks"
      description="Pactum POSTs each contract event (sent, viewed, signed, completed, sealed…) to your endpoints as it happens, signed with the endpoint's secret. Failed deliveries are retried for a few hours; an endpoint that keeps failing is turned off and you are told."
    >
      {endpoints.error && <ErrorBanner>{errorMessage(endpoints.error)}</ErrorBanner>}
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
  );
}
