import { beforeAll, describe, expect, it } from 'vitest';
import { buildAccount, call, sampleDocument, testApp } from '../support/test-app';

const titles = ['banana Deal', 'Apple agreement', 'cherry NDA', 'apple lease', 'Date contract'];

const ctx = await testApp();
const owner = await buildAccount(ctx);
const stranger = await buildAccount(ctx);

beforeAll(async () => {
  for (const title of titles) {
    const response = await call(ctx, owner, { method: 'POST', url: '/api/contracts', json: { title } });
    expect(response.statusCode).toBe(201);
  }
  // Touch one so updated and created orders differ.
  const list = (await call(ctx, owner, { method: 'GET', url: '/api/contracts?sort=created' })).json();
  const oldest = list.items.at(-1);
  await call(ctx, owner, {
    method: 'PATCH',
    url: `/api/contracts/${oldest.id}`,
    json: { title: oldest.title },
  });
});

async function allPages(query: string, limit = 2): Promise<string[]> {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const url: string = `/api/contracts?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`;
    const page = (await call(ctx, owner, { method: 'GET', url })).json();
    seen.push(...page.items.map((item: { title: string }) => item.title));
    cursor = page.nextCursor;
  } while (cursor);
  return seen;
}

describe('listing contracts in order', () => {
  it('sorts by title A to Z, ignoring case, across pages', async () => {
    expect(await allPages('sort=title')).toEqual([
      'Apple agreement',
      'apple lease',
      'banana Deal',
      'cherry NDA',
      'Date contract',
    ]);
  });

  it('sorts by creation and by last update, newest first, across pages', async () => {
    const created = await allPages('sort=created');
    expect(created).toEqual([...titles].reverse());
    const updated = await allPages('sort=updated');
    expect(updated[0]).toBe(titles[0]);
    expect(updated).toHaveLength(titles.length);
  });

  it("refuses a cursor made for another sort, and never shows another organization's contracts", async () => {
    const page = (await call(ctx, owner, { method: 'GET', url: '/api/contracts?sort=title&limit=1' })).json();
    const wrong = await call(ctx, owner, {
      method: 'GET',
      url: `/api/contracts?sort=created&cursor=${page.nextCursor}`,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.field).toBe('cursor');
    const theirs = (await call(ctx, stranger, { method: 'GET', url: '/api/contracts?sort=title' })).json();
    expect(theirs.items).toEqual([]);
  });
});

describe('duplicating a contract', () => {
  it('makes a new draft with the same content, project and signers, whatever the status of the original', async () => {
    const created = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: {
        title: 'Master services',
        content: sampleDocument(),
        signers: [{ name: 'Ann', email: 'ann@example.com' }],
      },
    });
    const source = created.json();
    await call(ctx, owner, { method: 'POST', url: `/api/contracts/${source.id}/send`, json: {} });
    const copy = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${source.id}/duplicate`,
      json: {},
    });
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({
      title: 'Master services (copy)',
      status: 'draft',
      projectId: source.projectId,
      content: source.content,
      signers: [{ name: 'Ann', email: 'ann@example.com', status: 'pending' }],
    });
    const history = (
      await call(ctx, owner, { method: 'GET', url: `/api/contracts/${copy.json().id}/history` })
    ).json();
    expect(history.items[0].details).toBe('Duplicated from: Master services');
    const foreign = await call(ctx, stranger, {
      method: 'POST',
      url: `/api/contracts/${source.id}/duplicate`,
      json: {},
    });
    expect(foreign.statusCode).toBe(404);
  });
});
