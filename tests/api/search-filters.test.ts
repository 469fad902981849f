import { describe, expect, it } from 'vitest';
import {
  buildAccount,
  buildMember,
  call,
  sampleDocument,
  type TestAccount,
  testApp,
} from '../support/test-app';

const ctx = await testApp();
const admin = await buildAccount(ctx);
const member = await buildMember(ctx, admin);
const stranger = await buildAccount(ctx);

type Item = { id: string; title: string; counterparty: string | null; typeName: string | null; rank: number };

async function create(
  account: TestAccount,
  title: string,
  json: Record<string, unknown> = {},
): Promise<string> {
  const response = await call(ctx, account, {
    method: 'POST',
    url: '/api/contracts',
    json: { title, content: sampleDocument(`${title}: the parties agree.`), ...json },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function setTerms(account: TestAccount, id: string, json: Record<string, unknown>) {
  const response = await call(ctx, account, { method: 'PATCH', url: `/api/contracts/${id}/terms`, json });
  expect(response.statusCode, response.body).toBe(200);
}

async function post(account: TestAccount, url: string, json: Record<string, unknown>) {
  const response = await call(ctx, account, { method: 'POST', url, json });
  expect(response.statusCode, response.body).toBeLessThan(300);
  return response.json();
}

const search = (account: TestAccount, params: string) =>
  call(ctx, account, { method: 'GET', url: `/api/search?${params}` });

async function titles(params: string, account: TestAccount = admin): Promise<string[]> {
  const response = await search(account, params);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().items as Item[]).map((item) => item.title);
}

const sorted = (list: string[]) => [...list].sort();

const typeOf = async (name: string): Promise<string> =>
  ((await post(admin, '/api/term-settings/types', { name })).types as { id: string; name: string }[]).find(
    (type) => type.name === name,
  )?.id ?? '';
const nda = await typeOf('NDA');
const lease = await typeOf('Lease');
await post(admin, '/api/term-settings/fields', {
  name: 'Region',
  kind: 'choice',
  options: ['EMEA', 'Americas'],
});
await post(admin, '/api/term-settings/fields', { name: 'Clause note', kind: 'text' });
const project = (await post(admin, '/api/projects', { name: 'Suppliers' })).id as string;
const archive = (await post(admin, '/api/projects', { name: 'Archive' })).id as string;

const supply = await create(admin, 'Supply agreement', { projectId: project });
await setTerms(admin, supply, {
  counterpartyCompany: 'Żółć Sp. z o.o.',
  counterpartyContact: 'Zofia Wiśniewska',
  counterpartyEmail: 'zofia@zolc.example',
  typeId: nda,
  value: 12000,
  currency: 'EUR',
  effectiveOn: '2027-01-01',
  duration: 'until',
  endOn: '2027-12-31',
  tags: ['supply', 'priority'],
  custom: { region: 'EMEA', clauseNote: 'Kangaroo clause' },
});
const office = await create(member, 'Office lease');
await setTerms(member, office, {
  counterpartyCompany: 'Müller Immobilien GmbH',
  typeId: lease,
  value: 48000,
  currency: 'EUR',
  effectiveOn: '2026-06-01',
  duration: 'until',
  endOn: '2029-05-31',
  tags: ['priority'],
  ownerId: admin.userId,
});
const licence = await create(member, 'Software licence');
await setTerms(member, licence, {
  counterpartyCompany: '100%_Percent\\Corp',
  value: 900,
  currency: 'USD',
  tags: ['supply'],
});
await create(member, 'Plain memo', { projectId: archive });
await create(stranger, 'Stranger supply agreement');

describe('search filters', () => {
  it('lists the filtered contracts without words, most recently changed first', async () => {
    expect(await titles('')).toEqual(['Plain memo', 'Software licence', 'Office lease', 'Supply agreement']);
    const page = (await search(admin, 'limit=2')).json();
    expect(page.items).toHaveLength(2);
    expect(page.nextOffset).toBe(2);
    expect(page.more).toBe(false);
    const next = (await search(admin, 'limit=2&offset=2')).json();
    expect((next.items as Item[]).map((item) => item.title)).toEqual(['Office lease', 'Supply agreement']);
    expect(next.nextOffset).toBeNull();
    const [first] = (await search(admin, `typeId=${nda}`)).json().items as Item[];
    expect(first).toMatchObject({
      title: 'Supply agreement',
      counterparty: 'Żółć Sp. z o.o.',
      typeName: 'NDA',
      rank: 0,
    });
  });

  it('filters by type, counterparty, owner, value, tags, end date, status and project', async () => {
    expect(await titles(`typeId=${lease}`)).toEqual(['Office lease']);
    // The counterparty in any case and without its diacritics, any part of the name.
    expect(await titles('counterparty=zolc')).toEqual(['Supply agreement']);
    expect(await titles('counterparty=MULLER%20immo')).toEqual(['Office lease']);
    // LIKE's own characters are letters to look for.
    expect(await titles('counterparty=100%25_')).toEqual(['Software licence']);
    expect(await titles('counterparty=%25')).toEqual(['Software licence']);
    expect(await titles('counterparty=t%5CC')).toEqual(['Software licence']);
    expect(await titles('counterparty=_')).toEqual(['Software licence']);
    // The owner: the terms' owner, else the creator.
    expect(sorted(await titles(`ownerId=${admin.userId}`))).toEqual(['Office lease', 'Supply agreement']);
    expect(sorted(await titles(`ownerId=${member.userId}`))).toEqual(['Plain memo', 'Software licence']);
    expect(await titles('currency=EUR&valueMin=10000&valueMax=20000')).toEqual(['Supply agreement']);
    expect(await titles('currency=eur&valueMin=12000')).toEqual(['Office lease', 'Supply agreement']);
    expect(await titles('currency=USD')).toEqual(['Software licence']);
    expect(sorted(await titles('tags=priority'))).toEqual(['Office lease', 'Supply agreement']);
    expect(await titles('tags=priority&tags=supply')).toEqual(['Supply agreement']);
    expect(await titles('tags=PRIORITY&tags=Supply')).toEqual(['Supply agreement']);
    expect(await titles('endFrom=2028-01-01')).toEqual(['Office lease']);
    expect(await titles('endTo=2027-12-31')).toEqual(['Supply agreement']);
    expect(await titles('endFrom=2027-12-31&endTo=2027-12-31')).toEqual(['Supply agreement']);
    expect(await titles(`projectId=${archive}`)).toEqual(['Plain memo']);
    expect(await titles('status=draft&tags=supply&currency=USD')).toEqual(['Software licence']);
    expect(await titles('status=signed')).toEqual([]);
    expect(await titles(`createdFrom=2000-01-01&updatedTo=2999-12-31&tags=priority&typeId=${lease}`)).toEqual(
      ['Office lease'],
    );
  });

  it('searches the key terms as words, and follows their changes', async () => {
    expect(await titles('q=zofia')).toEqual(['Supply agreement']);
    expect(await titles('q=wisniewska')).toEqual(['Supply agreement']);
    expect(await titles('q=kangaroo')).toEqual(['Supply agreement']);
    expect(await titles('q=emea')).toEqual(['Supply agreement']);
    expect(sorted(await titles('q=priority'))).toEqual(['Office lease', 'Supply agreement']);
    expect(await titles('q=immobilien')).toEqual(['Office lease']);
    expect(await titles(`q=lease&typeId=${lease}`)).toEqual(['Office lease']);
    expect(await titles('q=priority&currency=EUR&valueMax=20000')).toEqual(['Supply agreement']);
    await setTerms(member, office, { counterpartyCompany: 'Quokka Estates' });
    expect(await titles('q=immobilien')).toEqual([]);
    expect(await titles('q=quokka')).toEqual(['Office lease']);
    // A type renamed is found by its new name.
    const renamed = await call(ctx, admin, {
      method: 'PATCH',
      url: `/api/term-settings/types/${lease}`,
      json: { name: 'Tenancy' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await titles('q=tenancy')).toEqual(['Office lease']);
    // Another organization's terms are never found.
    expect(await titles('q=quokka', stranger)).toEqual([]);
    expect(await titles(`typeId=${lease}`, stranger)).toEqual([]);
  });

  it('refuses hostile searches and filters with a clear 400', async () => {
    const refused = async (params: string, field: string) => {
      const response = await search(admin, params);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.code).toBe('INVALID_INPUT');
      expect(response.json().error.field ?? '').toContain(field);
      return response.json().error.message as string;
    };
    expect(await refused(`q=${'a'.repeat(10_000)}`, 'q')).toBe('A search is at most 200 characters');
    expect(await refused(`q=${encodeURIComponent('&|!():*<->')}`, 'q')).toContain('at least one word');
    expect(await refused(`counterparty=${'x'.repeat(10_000)}`, 'counterparty')).toContain('200');
    expect(await refused('valueMin=10', 'currency')).toBe('A value range needs its currency');
    expect(await refused('currency=EURO', 'currency')).toContain('three letters');
    expect(await refused('endFrom=2027-02-30', 'endFrom')).toContain('YYYY-MM-DD');
    expect(await refused('typeId=not-an-id', 'typeId')).toBeTruthy();
    expect(await refused(`tags=${'t'.repeat(41)}`, 'tags')).toBeTruthy();
    // Operators, quotes and backslashes are letters to look for.
    for (const q of [
      'supply & !agreement',
      "'supply' | agreement:*",
      '"supply \\" agreement',
      'sup\\\\ply',
      "o'neil",
    ]) {
      const response = await search(admin, `q=${encodeURIComponent(q)}`);
      expect(response.statusCode, `${q}: ${response.body}`).toBe(200);
    }
    // (Every sample document has a heading "Agreement"; the licence is tagged supply.)
    expect(sorted(await titles(`q=${encodeURIComponent('supply & !agreement')}`))).toEqual([
      'Software licence',
      'Supply agreement',
    ]);
  });
});

const views = (account: TestAccount) => call(ctx, account, { method: 'GET', url: '/api/saved-views' });
const names = async (account: TestAccount) =>
  ((await views(account)).json().items as { name: string }[]).map((view) => view.name).sort();

describe('saved views', () => {
  it('are their maker’s, or the organization’s when shared, and never another organization’s', async () => {
    const mine = await post(member, '/api/saved-views', {
      name: 'My priorities',
      query: `tags=priority&offset=20&bogus=1`,
    });
    expect(mine).toMatchObject({
      name: 'My priorities',
      query: 'tags=priority',
      shared: false,
      mine: true,
      canDelete: true,
    });
    const shared = await post(member, '/api/saved-views', {
      name: 'EUR deals',
      query: '?currency=EUR&valueMin=1000&q=supply',
      shared: true,
    });
    expect(shared.query).toBe('currency=EUR&q=supply&valueMin=1000');
    await post(stranger, '/api/saved-views', { name: 'Stranger view', query: 'status=draft', shared: true });

    expect(await names(member)).toEqual(['EUR deals', 'My priorities']);
    expect(await names(admin)).toEqual(['EUR deals']);
    expect(await names(stranger)).toEqual(['Stranger view']);
    const seen = (await views(admin)).json().items[0];
    expect(seen).toMatchObject({ mine: false, makerName: expect.any(String), canDelete: true });

    // Another's private view is not found; another organization's neither.
    expect(
      (await call(ctx, admin, { method: 'DELETE', url: `/api/saved-views/${mine.id}` })).statusCode,
    ).toBe(404);
    expect(
      (await call(ctx, stranger, { method: 'DELETE', url: `/api/saved-views/${shared.id}` })).statusCode,
    ).toBe(404);
    expect(
      (
        await call(ctx, stranger, {
          method: 'PATCH',
          url: `/api/saved-views/${shared.id}`,
          json: { name: 'x' },
        })
      ).statusCode,
    ).toBe(404);

    // A member other than the maker may not delete a shared view; an admin may.
    const other = await buildMember(ctx, admin);
    expect(await names(other)).toEqual(['EUR deals']);
    const forbidden = await call(ctx, other, { method: 'DELETE', url: `/api/saved-views/${shared.id}` });
    expect(forbidden.statusCode).toBe(403);
    const renamed = await call(ctx, member, {
      method: 'PATCH',
      url: `/api/saved-views/${mine.id}`,
      json: { name: 'Priorities' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe('Priorities');
    expect(
      (await call(ctx, admin, { method: 'DELETE', url: `/api/saved-views/${shared.id}` })).statusCode,
    ).toBe(204);
    expect(await names(member)).toEqual(['Priorities']);
    expect(
      (await call(ctx, member, { method: 'DELETE', url: `/api/saved-views/${mine.id}` })).statusCode,
    ).toBe(204);
    expect(await names(member)).toEqual([]);
  });

  it('refuses a view whose filters the search would refuse', async () => {
    const response = await call(ctx, member, {
      method: 'POST',
      url: '/api/saved-views',
      json: { name: 'Broken', query: 'valueMin=10' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.field).toBe('query');
    const unnamed = await call(ctx, member, {
      method: 'POST',
      url: '/api/saved-views',
      json: { name: ' ', query: '' },
    });
    expect(unnamed.statusCode).toBe(400);
  });
});
