import { describe, expect, it } from 'vitest';
import { contracts } from '../../src/server/db/schema';
import type { EditorDocument } from '../../src/shared/api/editor-document';
import { bringTo } from '../support/contract-factory';
import { buildAccount, call, sampleDocument, type TestAccount, testApp } from '../support/test-app';

const ctx = await testApp();
const owner = await buildAccount(ctx);
const stranger = await buildAccount(ctx);

type Part = { text: string; marked: boolean };
type Item = {
  id: string;
  title: string;
  titleParts: Part[];
  status: string;
  rank: number;
  passages: Part[][];
};

async function create(account: TestAccount, json: Record<string, unknown>): Promise<string> {
  const response = await call(ctx, account, { method: 'POST', url: '/api/contracts', json });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

async function search(account: TestAccount, params: Record<string, string>) {
  const response = await call(ctx, account, {
    method: 'GET',
    url: `/api/search?${new URLSearchParams(params).toString()}`,
  });
  return response;
}

async function found(q: string, account: TestAccount = owner, filters: Record<string, string> = {}) {
  const response = await search(account, { q, ...filters });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().items as Item[]).map((item) => item.title);
}

const marked = (parts: Part[]) => parts.filter((part) => part.marked).map((part) => part.text);

const zolc = await create(owner, {
  title: 'Dostawa Żółć i spółka',
  content: sampleDocument('Umowa zawarta w Łodzi pomiędzy stronami, zażółć gęślą jaźń.'),
  signers: [{ name: 'Jürgen Müller', email: 'jurgen.muller@example.de' }],
});
await create(owner, {
  title: 'Σύμβαση παροχής',
  content: sampleDocument('Ελληνική συμφωνία για υπηρεσίες. Договор поставки: Ёлка и Привет. 中文合同 条款'),
});
const body = await create(owner, {
  title: 'Supply agreement',
  content: sampleDocument('The quick brown fox pays the invoice within thirty days; the fox is quick.'),
});
await create(owner, {
  title: 'Quick fox retainer',
  content: sampleDocument('A short retainer for services.'),
});
await create(stranger, {
  title: 'Stranger quick fox secret',
  content: sampleDocument('Müller and Żółć in another organization.'),
  signers: [{ name: 'Jürgen Müller', email: 'jurgen.muller@example.de' }],
});

describe('search', () => {
  it('finds words in any case and without their diacritics', async () => {
    expect(await found('zolc')).toEqual(['Dostawa Żółć i spółka']);
    expect(await found('ZÓŁĆ')).toEqual(['Dostawa Żółć i spółka']);
    expect(await found('lodzi gesla jazn')).toEqual(['Dostawa Żółć i spółka']);
    expect(await found('muller')).toEqual(['Dostawa Żółć i spółka']);
    expect(await found('jurgen.muller@example.de')).toEqual(['Dostawa Żółć i spółka']);
    expect(await found('ελληνικη')).toEqual(['Σύμβαση παροχής']);
    expect(await found('ΣΥΜΒΑΣΗ')).toEqual(['Σύμβαση παροχής']);
    expect(await found('договор елка')).toEqual(['Σύμβαση παροχής']);
    expect(await found('ПРИВЕТ')).toEqual(['Σύμβαση παροχής']);
  });

  it('matches a run of CJK characters as one word: whole or by its start', async () => {
    expect(await found('中文合同')).toEqual(['Σύμβαση παροχής']);
    expect(await found('中文')).toEqual(['Σύμβαση παροχής']);
    expect(await found('合同 条款')).toEqual([]);
  });

  it('matches the last word as a prefix while typing, and the others whole', async () => {
    expect(await found('invo')).toEqual(['Supply agreement']);
    expect(await found('fox invo')).toEqual(['Supply agreement']);
    expect(await found('invo fox')).toEqual([]);
    expect((await found('fox qui')).sort()).toEqual(['Quick fox retainer', 'Supply agreement']);
    expect(await found('invoice thirt')).toEqual(['Supply agreement']);
    expect(await found('thirt invoice')).toEqual([]);
  });

  it('matches quoted words as a phrase', async () => {
    expect(await found('"quick brown fox"')).toEqual(['Supply agreement']);
    expect(await found('"brown quick"')).toEqual([]);
    expect(await found('"fox pays')).toEqual(['Supply agreement']);
  });

  it('ranks a match in the title above one in the text, and marks both', async () => {
    const response = await search(owner, { q: 'quick fox' });
    const items = response.json().items as Item[];
    expect(items.map((item) => item.title)).toEqual(['Quick fox retainer', 'Supply agreement']);
    expect(items[0]?.rank).toBeGreaterThan(items[1]?.rank ?? 0);
    expect(marked(items[0]?.titleParts ?? [])).toEqual(['Quick', 'fox']);
    expect(items[0]?.titleParts.map((part) => part.text).join('')).toBe('Quick fox retainer');
    expect(items[1]?.passages.length).toBeGreaterThan(0);
    expect(marked(items[1]?.passages.flat() ?? [])).toEqual(expect.arrayContaining(['quick', 'fox']));
    const zolcItem = (await search(owner, { q: 'zazolc' })).json().items[0] as Item;
    expect(marked(zolcItem.passages.flat())).toEqual(['zażółć']);
  });

  it('never finds another organization’s contracts', async () => {
    expect(await found('stranger')).toEqual([]);
    expect(await found('secret quick')).toEqual([]);
    expect(await found('muller')).toEqual(['Dostawa Żółć i spółka']);
    expect(await found('zolc', stranger)).toEqual(['Stranger quick fox secret']);
  });

  it('keeps the index current as the title, the text and the recipients change', async () => {
    const patch = (json: Record<string, unknown>) =>
      call(ctx, owner, { method: 'PATCH', url: `/api/contracts/${body}`, json });
    expect(
      (await patch({ title: 'Renamed zebra lease', content: sampleDocument('Okapi paragraph.') })).statusCode,
    ).toBe(200);
    expect(await found('zebra')).toEqual(['Renamed zebra lease']);
    expect(await found('okapi')).toEqual(['Renamed zebra lease']);
    expect(await found('invoice')).toEqual([]);
    expect((await patch({ signers: [{ name: 'Zoë Ångström', email: 'zoe@example.se' }] })).statusCode).toBe(
      200,
    );
    expect(await found('zoe angstrom')).toEqual(['Renamed zebra lease']);
    expect((await patch({ signers: [] })).statusCode).toBe(200);
    expect(await found('angstrom')).toEqual([]);
    const deleted = await call(ctx, owner, { method: 'DELETE', url: `/api/contracts/${body}` });
    expect(deleted.statusCode).toBe(204);
    expect(await found('zebra')).toEqual([]);
  });

  it('combines the search with filters', async () => {
    const project = (
      await call(ctx, owner, { method: 'POST', url: '/api/projects', json: { name: 'Filtered' } })
    ).json();
    const sent = await create(owner, { title: 'Walrus sent', projectId: project.id });
    await bringTo(ctx, owner, sent, 'sent');
    await create(owner, { title: 'Walrus draft', projectId: project.id });
    await create(owner, { title: 'Walrus elsewhere' });
    expect((await found('walrus')).sort()).toEqual(['Walrus draft', 'Walrus elsewhere', 'Walrus sent']);
    expect(await found('walrus', owner, { status: 'sent' })).toEqual(['Walrus sent']);
    expect((await found('walrus', owner, { projectId: project.id })).sort()).toEqual([
      'Walrus draft',
      'Walrus sent',
    ]);
    const today = new Date().toISOString().slice(0, 10);
    expect(
      await found('walrus', owner, {
        projectId: project.id,
        status: 'draft',
        ownerId: owner.userId,
        createdFrom: today,
        updatedTo: today,
      }),
    ).toEqual(['Walrus draft']);
    expect(await found('walrus', owner, { createdTo: '2000-01-01' })).toEqual([]);
    expect(await found('walrus', owner, { ownerId: stranger.userId })).toEqual([]);
  });

  it('reads operators, quotes and backslashes as text', async () => {
    for (const q of [
      '&',
      '| ! ( ) : *',
      "'",
      '"',
      '\\',
      "''",
      '\\\\',
      ':*',
      '!!!!',
      '(((',
      '<->',
      '""',
      '"&|"',
    ]) {
      const response = await search(owner, { q });
      expect(response.statusCode, q).toBe(400);
      expect(response.json().error).toMatchObject({
        code: 'INVALID_INPUT',
        message: 'Search for at least one word or number',
      });
    }
    for (const q of [
      'zolc & !muller',
      'zolc | (spolka',
      'zolc:* \' \\ "',
      'zol\\c',
      "'zolc'",
      "zolc' & 'x",
      "zolc\\' | x:*",
      'zolc <-> muller',
      'zolc:A',
    ]) {
      const response = await search(owner, { q });
      expect(response.statusCode, `${q}: ${response.body}`).toBe(200);
    }
    expect(await found("'zolc'")).toEqual(['Dostawa Żółć i spółka']);
    expect(await found('(zolc)')).toEqual(['Dostawa Żółć i spółka']);
    expect(await found('zolc & !muller')).toEqual(['Dostawa Żółć i spółka']);
  });

  it('refuses a search past its length or its number of words, saying so', async () => {
    const long = await search(owner, { q: 'a'.repeat(10_000) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error).toMatchObject({
      code: 'INVALID_INPUT',
      message: 'A search is at most 200 characters',
    });
    const many = await search(owner, { q: Array.from({ length: 13 }, (_, n) => `w${n}`).join(' ') });
    expect(many.statusCode).toBe(400);
    expect(many.json().error.message).toBe('A search has at most 12 words');
    const operators = await search(owner, { q: '&|!():*\\\'"'.repeat(20) });
    expect(operators.statusCode).toBe(400);
    // No words at all is no search: the filtered list (tests/api/search-filters.test.ts).
    expect((await search(owner, { q: '' })).json().items.length).toBeGreaterThan(0);
  });

  it('pages the results', async () => {
    for (let n = 0; n < 5; n += 1) await create(owner, { title: `Pangolin ${n}` });
    const first = (await search(owner, { q: 'pangolin', limit: '2' })).json();
    expect(first.items).toHaveLength(2);
    expect(first.nextOffset).toBe(2);
    expect(first.more).toBe(false);
    const rest = (await search(owner, { q: 'pangolin', limit: '10', offset: '2' })).json();
    expect(rest.items).toHaveLength(3);
    expect(rest.nextOffset).toBeNull();
    const titles = [...first.items, ...rest.items].map((item: Item) => item.title);
    expect(new Set(titles).size).toBe(5);
  });
});

it('keeps the contract that was searched for in zolc', () => expect(zolc).toBeTruthy());

describe('search past the ranked bound', () => {
  it('ranks at most 200 matches and says there were more', async () => {
    const account = await buildAccount(ctx);
    const project = (
      await call(ctx, account, { method: 'POST', url: '/api/projects', json: { name: 'Many' } })
    ).json();
    await ctx.database.db.insert(contracts).values(
      Array.from({ length: 230 }, (_, n) => ({
        organizationId: account.organizationId,
        projectId: project.id,
        title: `Capybara lease ${n}`,
        content: sampleDocument(`Capybara clause ${n}.`) as EditorDocument,
        contentHtml: '',
        createdBy: account.userId,
        createdByName: 'Test',
      })),
    );
    const first = (await search(account, { q: 'capybara' })).json();
    expect(first.items).toHaveLength(20);
    expect(first.more).toBe(true);
    expect(first.nextOffset).toBe(20);
    const last = (await search(account, { q: 'capybara', offset: '180', limit: '50' })).json();
    expect(last.items).toHaveLength(20);
    expect(last.nextOffset).toBeNull();
    expect((await search(account, { q: 'capybara', offset: '201' })).statusCode).toBe(400);
    const narrowed = (await search(account, { q: 'capybara "17"' })).json();
    expect(narrowed.more).toBe(false);
    expect(narrowed.items.map((item: Item) => item.title)).toEqual(['Capybara lease 17']);
  });
});
