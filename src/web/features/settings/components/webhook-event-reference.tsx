import type { z } from 'zod';
import { eventCatalogue, eventTypes } from '../../../../shared/events';
import { apiReferenceUrl } from '../../../lib/api';

/** The fields of an event's data, with what each holds, read from the event's schema. */
function fieldsOf(schema: z.ZodObject): { name: string; description: string }[] {
  return Object.entries(schema.shape).map(([name, field]) => ({
    name,
    description: (field as z.ZodType).description ?? '',
  }));
}

/**
 * What each event's delivery holds, for whoever writes the receiver: the same schemas the
 * OpenAPI document's webhooks section is generated from.
 */
export function WebhookEventReference() {
  return (
    <details className="mt-5 rounded-md border border-slate-200 p-3 text-sm">
      <summary className="cursor-pointer font-medium text-slate-800">What each event sends</summary>
      <p className="mt-2 text-slate-600">
        Every delivery is a JSON body <code className="font-mono text-xs">{'{ type, timestamp, data }'}</code>
        ; <code className="font-mono text-xs">data</code> always holds{' '}
        <code className="font-mono text-xs">eventId</code>,{' '}
        <code className="font-mono text-xs">organization</code> and{' '}
        <code className="font-mono text-xs">contract</code> (its id, title and status), and the fields below.
        The{' '}
        <a className="text-indigo-700 underline" href={apiReferenceUrl}>
          API reference
        </a>{' '}
        has each body's schema.
      </p>
      <dl className="mt-3 space-y-3">
        {eventTypes.map((type) => {
          const fields = fieldsOf(eventCatalogue[type].data);
          return (
            <div key={type}>
              <dt className="font-medium text-slate-900">
                <code className="font-mono text-xs">{type}</code>{' '}
                <span className="font-normal text-slate-600">— {eventCatalogue[type].label}</span>
              </dt>
              <dd className="mt-1 pl-4 text-slate-700">
                {fields.length === 0 ? (
                  <span className="text-slate-600">No fields of its own.</span>
                ) : (
                  <ul className="list-disc space-y-0.5 pl-4">
                    {fields.map((field) => (
                      <li key={field.name}>
                        <code className="font-mono text-xs">{field.name}</code>
                        {field.description && <span className="text-slate-600">: {field.description}</span>}
                      </li>
                    ))}
                  </ul>
                )}
              </dd>
            </div>
          );
        })}
      </dl>
    </details>
  );
}
