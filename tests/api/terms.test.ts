import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documents, events } from '../../src/server/db/schema';
import { withMail } from '../support/background';
import { bringTo } from '../support/contract-factory';
import {
  buildAccount,
  buildMember,
  call,
  sampleDocument,
  type TestAccount,
  testApp,
} from '../support/test-app';

const ctx = await testApp();
const { background } = await withMail(ctx);
const admin = await buildAccount(ctx);
const member = await buildMember(ctx, admin);
const stranger = await buildAccount(ctx);

async function create(account: TestAccount, title: string): Promise<string> {
  const response = await call(ctx, account, {
    method: 'POST',
    url: '/api/contracts',
    json: { title, content: sampleDocument(`${title}: the parties agree.`) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

const patchTerms = (account: TestAccount, id: string, json: Record<string, unknown>) =>
  call(ctx, account, { method: 'PATCH', url: `/api/contracts/${id}/terms`, json });

async function settings(account: TestAccount) {
  const response = await call(ctx, account, { method: 'GET', url: '/api/term-settings' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    types: { id: string; name: string; contracts: number }[];
    fields: { id: string; key: string; name: string; kind: string; options: string[] }[];
  };
}

async function addType(account: TestAccount, name: string): Promise<string> {
  const response = await call(ctx, account, {
    method: 'POST',
    url: '/api/term-settings/types',
    json: { name },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (
    (response.json().types as { id: string; name: string }[]).find((type) => type.name === name)?.id ?? ''
  );
}

async function historyOf(account: TestAccount, id: string) {
  const response = await call(ctx, account, { method: 'GET', url: `/api/contracts/${id}/history` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items as { action: string; details: string | null }[];
}

const nda = await addType(admin, 'NDA');
const lease = await addType(admin, 'Lease');
await call(ctx, admin, {
  method: 'POST',
  url: '/api/term-settings/fields',
  json: { name: 'Review date', kind: 'date' },
});
await call(ctx, admin, {
  method: 'POST',
  url: '/api/term-settings/fields',
  json: { name: 'Region', kind: 'choice', options: ['EMEA', 'Americas', 'APAC'] },
});
await call(ctx, admin, {
  method: 'POST',
  url: '/api/term-settings/fields',
  json: { name: 'Seats', kind: 'number' },
});

describe('key terms', () => {
  it('are set on a signed contract without touching its sealed PDF, and each change is a step', async () => {
    const id = await create(admin, 'Signed supply agreement');
    await bringTo(ctx, admin, id, 'signed');
    await background.drain();
    const [sealed] = await ctx.database.db
      .select({ sha256: documents.sha256 })
      .from(documents)
      .where(and(eq(documents.contractId, id), eq(documents.kind, 'final')));
    expect(sealed?.sha256).toMatch(/^[0-9a-f]{64}$/);

    const response = await patchTerms(member, id, {
      counterpartyCompany: 'Żółć Sp. z o.o.',
      counterpartyContact: 'Zofia Żółtowska',
      counterpartyEmail: 'Zofia@Example.PL',
      typeId: nda,
      value: 12000.5,
      currency: 'eur',
      effectiveOn: '2027-01-31',
      duration: 'fixed',
      durationMonths: 1,
      renewal: 'automatic',
      renewalMonths: 12,
      noticeDays: 10,
      tags: ['supply', 'priority', 'supply'],
      custom: { reviewDate: '2027-02-15', region: 'EMEA', seats: 25 },
    });
    expect(response.statusCode, response.body).toBe(200);
    const terms = response.json();
    expect(terms).toMatchObject({
      counterpartyEmail: 'zofia@example.pl',
      typeName: 'NDA',
      value: 12000.5,
      currency: 'EUR',
      // 31 January plus a month is the last day of February.
      endOn: '2027-02-28',
      noticeOn: '2027-02-18',
      tags: ['supply', 'priority'],
      custom: { reviewDate: '2027-02-15', region: 'EMEA', seats: 25 },
      ownerId: admin.userId,
    });

    const [after] = await ctx.database.db
      .select({ sha256: documents.sha256 })
      .from(documents)
      .where(and(eq(documents.contractId, id), eq(documents.kind, 'final')));
    expect(after?.sha256).toBe(sealed?.sha256);
    const history = await historyOf(admin, id);
    const entry = history.find((item) => item.action === 'terms_changed');
    expect(entry?.details).toContain('counterparty Żółć Sp. z o.o.');
    expect(entry?.details).toContain('end date 2027-02-28');
    const recorded = await ctx.database.db
      .select({ data: events.data })
      .from(events)
      .where(and(eq(events.contractId, id), eq(events.type, 'contract.terms_changed')));
    expect(recorded).toHaveLength(1);
    expect(String((recorded[0]?.data as { changed?: string } | undefined)?.changed).split(',')).toEqual(
      expect.arrayContaining(['counterparty', 'type', 'value', 'renewal', 'notice', 'tags', 'reviewDate']),
    );

    // The same terms again change nothing and record nothing.
    expect((await patchTerms(member, id, { noticeDays: 10 })).statusCode).toBe(200);
    expect((await historyOf(admin, id)).filter((item) => item.action === 'terms_changed')).toHaveLength(1);
  });

  it('refuses terms that do not fit together, naming the term', async () => {
    const id = await create(admin, 'Refusals');
    const refused = async (json: Record<string, unknown>, field: string, words: string) => {
      const response = await patchTerms(admin, id, json);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.message).toContain(words);
      expect(response.json().error.field).toBe(field);
    };
    await refused({ duration: 'fixed' }, 'durationMonths', 'duration in months');
    await refused({ duration: 'until' }, 'endOn', 'end date');
    await refused({ duration: 'until', endOn: '2027-01-01', effectiveOn: '2027-06-01' }, 'endOn', 'before');
    await refused({ value: 10 }, 'currency', 'currency');
    await refused({ value: 10.005, currency: 'EUR' }, 'value', 'two decimals');
    await refused({ endOn: '2027-02-30' }, 'endOn', 'YYYY-MM-DD');
    await refused({ renewal: 'automatic' }, 'renewalMonths', 'renewal period');
    await refused({ custom: { region: 'Mars' } }, 'custom.region', 'one of EMEA');
    await refused({ custom: { seats: 'many' } }, 'custom.seats', 'number');
    await refused({ custom: { nothing: 'x' } }, 'custom.nothing', 'no term');
    const theirs = await addType(stranger, 'Their type');
    await refused({ typeId: theirs }, 'typeId', 'No such contract type');
    await refused({ ownerId: stranger.userId }, 'ownerId', 'member');
    const unknownKey = await patchTerms(admin, id, { title: 'x' });
    expect(unknownKey.statusCode).toBe(400);
    // A 10,000-character counterparty is refused, not cut.
    const long = await patchTerms(admin, id, { counterpartyCompany: 'x'.repeat(10_000) });
    expect(long.statusCode).toBe(400);
  });

  it('are the organization’s only: another one can neither read nor change them', async () => {
    const id = await create(admin, 'Private terms');
    expect((await call(ctx, stranger, { method: 'GET', url: `/api/contracts/${id}/terms` })).statusCode).toBe(
      404,
    );
    expect((await patchTerms(stranger, id, { tags: ['x'] })).statusCode).toBe(404);
    const bulk = await call(ctx, stranger, {
      method: 'POST',
      url: '/api/contracts/terms',
      json: { contractIds: [id], addTags: ['stolen'] },
    });
    expect(bulk.statusCode).toBe(404);
  });

  it('are read through a read-only API token, and changed only through a read-write one', async () => {
    const id = await create(admin, 'Token terms');
    const token = async (scope: 'read' | 'read-write') => {
      const response = await call(ctx, admin, {
        method: 'POST',
        url: '/api/api-tokens',
        json: { name: scope, scope },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().token as string;
    };
    const asToken = (secret: string, method: 'GET' | 'PATCH' | 'POST' | 'PUT', url: string, json?: unknown) =>
      ctx.app.inject({
        method,
        url,
        headers: {
          authorization: `Bearer ${secret}`,
          ...(json ? { 'content-type': 'application/json' } : {}),
        },
        ...(json ? { payload: JSON.stringify(json) } : {}),
      });
    const reader = await token('read');
    expect((await asToken(reader, 'GET', `/api/contracts/${id}/terms`)).statusCode).toBe(200);
    expect((await asToken(reader, 'PATCH', `/api/contracts/${id}/terms`, { tags: ['x'] })).statusCode).toBe(
      403,
    );
    const writer = await token('read-write');
    const changed = await asToken(writer, 'PATCH', `/api/contracts/${id}/terms`, { tags: ['from-api'] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await historyOf(admin, id)).find((item) => item.action === 'terms_changed')?.details).toContain(
      'tags from-api',
    );
    // Reminder settings, watching and calendar feeds are a person's own, not an integration's.
    expect((await asToken(writer, 'POST', '/api/profile/calendar-feed')).statusCode).toBe(403);
    expect((await asToken(writer, 'PUT', `/api/contracts/${id}/watch`, { watching: true })).statusCode).toBe(
      403,
    );
  });

  it('only admins keep the types and term fields', async () => {
    const response = await call(ctx, member, {
      method: 'POST',
      url: '/api/term-settings/types',
      json: { name: 'X' },
    });
    expect(response.statusCode).toBe(403);
    const twice = await call(ctx, admin, {
      method: 'POST',
      url: '/api/term-settings/types',
      json: { name: 'nda' },
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toContain('already');
    const choice = await call(ctx, admin, {
      method: 'POST',
      url: '/api/term-settings/fields',
      json: { name: 'Tier', kind: 'choice', options: ['Gold'] },
    });
    expect(choice.statusCode).toBe(400);
  });

  it('are edited in bulk from the list, every change a step of its contract', async () => {
    const ids = [
      await create(admin, 'Bulk one'),
      await create(admin, 'Bulk two'),
      await create(admin, 'Bulk three'),
    ];
    await patchTerms(admin, ids[0] as string, { tags: ['old', 'keep'] });
    const response = await call(ctx, member, {
      method: 'POST',
      url: '/api/contracts/terms',
      json: {
        contractIds: ids,
        set: { typeId: lease, ownerId: member.userId },
        addTags: ['q3'],
        removeTags: ['old'],
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ changed: 3, unchanged: 0 });
    const first = (await call(ctx, admin, { method: 'GET', url: `/api/contracts/${ids[0]}/terms` })).json();
    expect(first).toMatchObject({ typeName: 'Lease', ownerId: member.userId, tags: ['keep', 'q3'] });
    const history = await historyOf(admin, ids[1] as string);
    expect(history.find((item) => item.action === 'terms_changed')?.details).toContain('bulk edit');
    const types = (await settings(admin)).types;
    expect(types.find((type) => type.name === 'Lease')?.contracts).toBe(3);
  });

  it('are prefilled from a template’s merge fields, and follow them while the draft changes', async () => {
    const template = await call(ctx, admin, {
      method: 'POST',
      url: '/api/contracts',
      json: {
        title: 'Service agreement — [Client]',
        isTemplate: true,
        content: {
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              content: [
                { type: 'text', text: 'Client: ' },
                { type: 'mergeField', attrs: { key: 'client', label: 'Client', value: null } },
                { type: 'text', text: ', fee ' },
                { type: 'mergeField', attrs: { key: 'fee', label: 'Fee', value: null } },
                { type: 'text', text: ', from ' },
                { type: 'mergeField', attrs: { key: 'start', label: 'Start', value: null } },
              ],
            },
          ],
        },
      },
    });
    expect(template.statusCode, template.body).toBe(201);
    const templateId = template.json().id;
    const defaults = await patchTerms(admin, templateId, {
      typeId: nda,
      noticeDays: 30,
      sources: { counterpartyCompany: 'client', value: 'fee', effectiveOn: 'start' },
    });
    expect(defaults.statusCode, defaults.body).toBe(200);

    const made = await call(ctx, admin, {
      method: 'POST',
      url: `/api/templates/${templateId}/contracts`,
      json: { values: { client: 'Müller GmbH', fee: '€ 12.500,00', start: '1 March 2027' } },
    });
    expect(made.statusCode, made.body).toBe(201);
    const draftId = made.json().id;
    const terms = (await call(ctx, admin, { method: 'GET', url: `/api/contracts/${draftId}/terms` })).json();
    expect(terms).toMatchObject({
      counterpartyCompany: 'Müller GmbH',
      value: 12500,
      currency: 'EUR',
      effectiveOn: '2027-03-01',
      typeName: 'NDA',
      noticeDays: 30,
    });
    expect(
      (await historyOf(admin, draftId)).find((item) => item.action === 'terms_changed')?.details,
    ).toContain("filled from the draft's merge fields");

    // A term typed by hand stops following its merge field.
    await patchTerms(admin, draftId, { counterpartyCompany: 'Müller Group' });
    const draft = (await call(ctx, admin, { method: 'GET', url: `/api/contracts/${draftId}` })).json();
    const content = JSON.parse(
      JSON.stringify(draft.content).replace('Müller GmbH', 'Müller AG').replace('€ 12.500,00', '$900'),
    );
    const saved = await call(ctx, admin, {
      method: 'PATCH',
      url: `/api/contracts/${draftId}`,
      json: { content, revision: draft.revision },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const followed = (
      await call(ctx, admin, { method: 'GET', url: `/api/contracts/${draftId}/terms` })
    ).json();
    expect(followed).toMatchObject({ counterpartyCompany: 'Müller Group', value: 900, currency: 'USD' });
  });
});
