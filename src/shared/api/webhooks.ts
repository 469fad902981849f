import { z } from 'zod';
import { eventTypes } from '../events';
import { idSchema, pageOf, timestampSchema } from './common';

export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof webhookDeliveryStatuses)[number];

/** An organization may register this many endpoints. */
export const maxWebhookEndpoints = 20;

const urlSchema = z
  .string({ error: 'Endpoint URL is required' })
  .trim()
  .min(1, { error: 'Endpoint URL is required' })
  .max(2000, { error: 'Endpoint URL must be at most 2000 characters' })
  .pipe(z.url({ protocol: /^https?$/, error: 'Enter an http:// or https:// URL' }));

const eventListSchema = z
  .array(z.enum(eventTypes, { error: 'Unknown event type' }))
  .max(eventTypes.length)
  .describe('The events delivered when allEvents is false');

export const createWebhookBodySchema = z.object({
  url: urlSchema,
  allEvents: z.boolean().default(true).describe('Every event, including kinds added later'),
  events: eventListSchema.default([]),
});
export type CreateWebhookInput = z.input<typeof createWebhookBodySchema>;

export const updateWebhookBodySchema = z
  .object({
    url: urlSchema,
    allEvents: z.boolean(),
    events: eventListSchema,
    enabled: z.boolean().describe('Re-enabling an endpoint disabled after failures starts counting afresh'),
  })
  .partial();
export type UpdateWebhookInput = z.infer<typeof updateWebhookBodySchema>;

export const webhookEndpointSchema = z
  .object({
    id: idSchema,
    url: z.string(),
    allEvents: z.boolean(),
    events: z.array(z.enum(eventTypes)),
    enabled: z.boolean(),
    disabledReason: z.string().nullable().describe('Why Pactum turned it off, when it did'),
    failingSince: timestampSchema.nullable().describe('The first failed attempt since the last success'),
    createdAt: timestampSchema,
  })
  .meta({ id: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

export const webhookEndpointListSchema = z.object({ items: z.array(webhookEndpointSchema) });

export const webhookSecretSchema = z
  .object({ secret: z.string().describe('whsec_…: the key of webhook-signature (Standard Webhooks)') })
  .meta({ id: 'WebhookSecret' });
export type WebhookSecret = z.infer<typeof webhookSecretSchema>;

export const webhookDeliverySchema = z
  .object({
    id: idSchema,
    messageId: z.string().describe('The webhook-id header, the same on every attempt'),
    eventType: z.enum(eventTypes),
    status: z.enum(webhookDeliveryStatuses),
    attempts: z.int(),
    statusCode: z.int().nullable().describe("The last attempt's HTTP status; null if none came back"),
    durationMs: z.int().nullable(),
    error: z.string().nullable().describe('Why the last attempt failed, or the start of its response'),
    createdAt: timestampSchema,
    lastAttemptAt: timestampSchema.nullable(),
  })
  .meta({ id: 'WebhookDelivery' });
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryPageSchema = pageOf(webhookDeliverySchema);
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPageSchema>;

export const webhookDeliveryParamsSchema = z.object({ id: idSchema, deliveryId: idSchema });
