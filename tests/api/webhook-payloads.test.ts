import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { recordEvent } from '../../src/server/services/lifecycle/record-event';
import { webhookBodyOf } from '../../src/server/services/webhooks/deliver-webhook';
import { eventCatalogue, eventTypes } from '../../src/shared/events';
import { buildAccount, call, testApp } from '../support/test-app';

type OpenApi = {
  openapi: string;
  webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: object }> } } }>;
};

const ctx = await testApp();
const owner = await buildAccount(ctx);
const created = await call(ctx, owner, {
  method: 'POST',
  url: '/api/contracts',
  json: { title: 'Webhook sample' },
});
const contractId = created.json().id as string;
const document = (await ctx.app.inject({ url: '/api/docs/json' })).json() as OpenApi;

/** A value of each field as a real event would hold it: an enum's first option, text otherwise. */
function sampleOf(schema: z.ZodObject): Record<string, string | null> {
  return Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => {
      // An optional field is given too, with a value its schema allows.
      const given = field instanceof z.ZodOptional ? field.unwrap() : field;
      const options = (given as z.ZodType & { options?: string[] }).options;
      return [key, options ? (options[0] ?? null) : `${key} value`];
    }),
  );
}

const validator = addFormats(new Ajv2020({ strict: false }));
const schemaOf = (type: string) =>
  document.webhooks[type]?.post.requestBody.content['application/json']?.schema;

describe('webhook payloads in the OpenAPI document', () => {
  it('documents every event type in the webhooks section of a 3.1 document', () => {
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.webhooks).sort()).toEqual([...eventTypes].sort());
  });

  it.each(eventTypes)('delivers %s as its published schema says', async (type) => {
    const eventId = await ctx.database.db.transaction((tx) =>
      recordEvent(tx, {
        organizationId: owner.organizationId,
        contractId,
        type,
        data: sampleOf(eventCatalogue[type].data),
        at: new Date(),
      }),
    );
    const body = await webhookBodyOf(ctx.database.db, eventId);
    const schema = schemaOf(type);
    expect(schema, type).toBeDefined();
    const validate = validator.compile(schema as object);
    expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    expect(body?.data.contract).toMatchObject({ id: contractId, title: 'Webhook sample' });

    // The schema holds the body to something: another type, or a field of the event's missing, fails.
    expect(validate({ ...body, type: type === 'contract.sent' ? 'contract.signed' : 'contract.sent' })).toBe(
      false,
    );
    const [field] = Object.keys(eventCatalogue[type].data.shape);
    if (field && body) {
      const { [field]: _dropped, ...rest } = body.data as Record<string, unknown>;
      expect(validate({ ...body, data: rest }), field).toBe(false);
    }
  });
});
