// The types @fastify/swagger takes (openapi-types): there a 3.1 media type holds a 3.0 schema.
import type { OpenAPIV3, OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { eventCatalogue, eventTypes, webhookBodySchema } from '../../../shared/events';

/**
 * The `webhooks` section of the OpenAPI document: for each event type, the body a receiver gets,
 * generated from the schemas of shared/events.ts, so what an integrator reads is what is sent.
 */
export function webhookDocuments(): Record<string, OpenAPIV3_1.PathItemObject> {
  return Object.fromEntries(
    eventTypes.map((type) => [
      type,
      {
        post: {
          summary: eventCatalogue[type].label,
          description:
            'Signed as Standard Webhooks say (`webhook-id`, `webhook-timestamp`, `webhook-signature` headers, ' +
            "with the endpoint's secret). The same `webhook-id` on every attempt of a delivery.",
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: z.toJSONSchema(webhookBodySchema(type), {
                  target: 'draft-2020-12',
                }) as OpenAPIV3.SchemaObject,
              },
            },
          },
          responses: {
            '200': { description: 'Received. Any 2xx answer counts; anything else is retried with backoff.' },
          },
        },
      },
    ]),
  );
}
