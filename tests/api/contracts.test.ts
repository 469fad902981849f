import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractHistory, contracts } from '../../src/server/db/schema';
import { bringTo } from '../support/contract-factory';
import { buildAccount, call, sampleDocument, type TestAccount, testApp } from '../support/test-app';

const ctx = await testApp();
const owner = await buildAccount(ctx);
const stranger = await buildAccount(ctx);

async function createContract(account: TestAccount, json: Record<string, unknown> = {}) {
  const response = await call(ctx, account, {
    method: 'POST',
    url: '/api/contracts',
    json: { title: 'Services Agreement', content: sampleDocument(), ...json },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

async function setStatus(id: string, status: 'sent' | 'signed' | 'canceled', by = owner) {
  await bringTo(ctx, by, id, status);
}

describe('creating a contract', () => {
  it('creates a draft with its signers, content HTML and a created history entry', async () => {
    const contract = await createContract(owner, {
      signers: [
        { name: 'Jane Cooper', email: 'Jane@Acme.example' },
        { name: 'Robert Fox', email: 'robert@acme.example' },
      ],
    });
    expect(contract).toMatchObject({
      title: 'Services Agreement',
      status: 'draft',
      isTemplate: false,
      expiresAt: null,
      createdBy: { id: owner.userId, name: expect.stringContaining('Test User') },
    });
    expect(contract.contentHtml).toBe('<h1>Agreement</h1><p>This agreement is made between the parties.</p>');
    // Only declared fields leave the server (no organizationId, createdByName, token hashes…).
    expect(Object.keys(contract).sort()).toEqual([
      'content',
      'contentHtml',
      'createdAt',
      'createdBy',
      'delegation',
      'expiresAt',
      'fields',
      'files',
      'id',
      'isTemplate',
      'projectId',
      'revision',
      'sequential',
      'signers',
      'status',
      'textPosition',
      'title',
      'updatedAt',
    ]);
    expect(Object.keys(contract.signers[0]).sort()).toEqual([
      'accessCodeRequired',
      'accessCodeToSet',
      'approvedAt',
      'declinedAt',
      'delegatedAt',
      'delegatedFrom',
      'email',
      'emailCodeRequired',
      'embedded',
      'id',
      'name',
      'namedBy',
      'number',
      'role',
      'signedAt',
      'signingOrder',
      'status',
      'viewedAt',
      'witnessOf',
    ]);
    expect(contract.signers).toEqual([
      expect.objectContaining({
        name: 'Jane Cooper',
        email: 'jane@acme.example',
        status: 'pending',
        signingOrder: 1,
      }),
      expect.objectContaining({ name: 'Robert Fox', status: 'pending', signingOrder: 2 }),
    ]);
    const history = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${contract.id}/history` });
    expect(history.json().items).toEqual([
      expect.objectContaining({
        seq: 1,
        action: 'created',
        userId: owner.userId,
        ip: '127.0.0.1',
        details: null,
      }),
    ]);
  });

  it("puts it in the organization's first project, making 'General' when there is none", async () => {
    const account = await buildAccount(ctx);
    const first = await createContract(account);
    const second = await createContract(account);
    expect(second.projectId).toBe(first.projectId);
    const projects = await call(ctx, account, { method: 'GET', url: '/api/projects' });
    expect(projects.json().items).toEqual([
      expect.objectContaining({ id: first.projectId, name: 'General', contractCount: 2 }),
    ]);
  });

  it('returns the same contract when the same create is repeated', async () => {
    const id = randomUUID();
    const first = await createContract(owner, { id, title: 'Retried' });
    const again = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: { id, title: 'Retried' },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first);
    const history = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/history` });
    expect(history.json().items).toHaveLength(1);
  });

  it('refuses an id another organization already uses, without revealing its contract', async () => {
    const theirs = await createContract(stranger, { title: 'Secret deal' });
    const response = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: { id: theirs.id, title: 'Mine' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('ID_CONFLICT');
    expect(response.body).not.toContain('Secret deal');
  });

  it("refuses another organization's project as if it did not exist", async () => {
    const theirs = await createContract(stranger);
    const response = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'x', projectId: theirs.projectId },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toEqual({
      code: 'NOT_FOUND',
      message: 'Project not found',
      field: 'projectId',
    });
  });

  it.each([
    ['a missing title', { title: undefined }, 'title', 'Title is required'],
    ['a blank title', { title: '   ' }, 'title', 'Title is required'],
    ['a long title', { title: 'x'.repeat(201) }, 'title', 'Title must be at most 200 characters'],
    [
      'a malformed signer e-mail',
      { signers: [{ name: 'A', email: 'nope' }] },
      'signers.0.email',
      'Enter a valid email address',
    ],
    [
      'a signer without a name',
      { signers: [{ name: '', email: 'a@example.com' }] },
      'signers.0.name',
      'Signer name is required',
    ],
    [
      'the same signer twice',
      {
        signers: [
          { name: 'A', email: 'a@example.com' },
          { name: 'B', email: 'A@example.com' },
        ],
      },
      'signers.1.email',
      'a@example.com is already a signer on this contract',
    ],
    ['a malformed id', { id: 'not-a-uuid' }, 'id', 'Must be a valid id (UUID)'],
    ['a malformed expiry', { expiresAt: 'tomorrow' }, 'expiresAt', undefined],
    [
      'an expiry out of range',
      { expiresAt: '0000-01-01T00:00:00Z' },
      'expiresAt',
      'Enter an expiry date between the years 2000 and 9999',
    ],
    [
      'two signers with one id',
      {
        signers: [
          { id: '3f1c1f7e-2c39-4a51-9d0c-6f5b0b0a1c11', name: 'A', email: 'a@example.com' },
          { id: '3f1c1f7e-2c39-4a51-9d0c-6f5b0b0a1c11', name: 'B', email: 'b@example.com' },
        ],
      },
      'signers.1.id',
      'Two signers cannot share one id',
    ],
  ])('refuses %s, naming the field', async (_name, override, field, message) => {
    const response = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'T', ...override },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'INVALID_INPUT',
      field,
      ...(message ? { message } : {}),
    });
  });

  it('refuses a body that is not JSON, and one over the size limit', async () => {
    const malformed = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      payload: '{"title": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().error.code).toBe('INVALID_INPUT');
    const huge = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'Huge', content: sampleDocument('x'.repeat(6 * 1024 * 1024)) },
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large' },
    });
  });

  it('answers 401 to an anonymous caller', async () => {
    const response = await call(ctx, null, { method: 'POST', url: '/api/contracts', json: { title: 'x' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('hostile content', () => {
  it('keeps markup typed as text as text', async () => {
    const contract = await createContract(owner, {
      title: '<script>alert(1)</script>',
      content: sampleDocument('<script>alert(1)</script><img src=x onerror=alert(1)>'),
    });
    expect(contract.contentHtml).not.toMatch(/<script|<img/);
    expect(contract.contentHtml).toContain(
      '&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;',
    );
  });

  it('drops event-handler attributes', async () => {
    const contract = await createContract(owner, {
      content: {
        type: 'doc',
        content: [
          { type: 'paragraph', attrs: { onclick: 'alert(1)' }, content: [{ type: 'text', text: 'hi' }] },
        ],
      },
    });
    expect(JSON.stringify(contract.content)).not.toContain('onclick');
    expect(contract.contentHtml).toBe('<p>hi</p>');
  });

  it.each([
    [
      'a javascript: link',
      { type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] },
    ],
    [
      'a style injection',
      {
        type: 'text',
        text: 'x',
        marks: [{ type: 'textStyle', attrs: { color: 'red" onmouseover="alert(1)' } }],
      },
    ],
    ['a raw HTML node', { type: 'html', text: '<script>alert(1)</script>' }],
  ])('refuses %s', async (_name, node) => {
    const response = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'x', content: { type: 'doc', content: [{ type: 'paragraph', content: [node] }] } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'INVALID_CONTENT', field: 'content' });
  });
});

describe('reading, updating and deleting', () => {
  it("answers 404 alike for a missing contract and another organization's", async () => {
    const theirs = await createContract(stranger);
    for (const id of [theirs.id, randomUUID()]) {
      for (const [method, json] of [['GET'], ['PATCH', { title: 'Mine now' }], ['DELETE']] as const) {
        const response = await call(ctx, owner, { method, url: `/api/contracts/${id}`, json });
        expect(response.statusCode, `${method} ${id}`).toBe(404);
        expect(response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Contract not found' } });
      }
      const history = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/history` });
      expect(history.statusCode).toBe(404);
    }
    const untouched = await call(ctx, stranger, { method: 'GET', url: `/api/contracts/${theirs.id}` });
    expect(untouched.json().title).toBe('Services Agreement');
  });

  it('answers 400 for an id that is not a UUID', async () => {
    const response = await call(ctx, owner, { method: 'GET', url: '/api/contracts/123' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.field).toBe('id');
  });

  it('merges the given fields, sets updatedAt, and records the update', async () => {
    const contract = await createContract(owner, { signers: [{ name: 'Jane', email: 'jane@example.com' }] });
    const expiresAt = '2027-01-31T17:00:00.000Z';
    const response = await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${contract.id}`,
      json: { title: 'Renamed', expiresAt },
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json();
    expect(updated).toMatchObject({ title: 'Renamed', expiresAt, contentHtml: contract.contentHtml });
    expect(updated.signers).toHaveLength(1);
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThan(new Date(contract.updatedAt).getTime());
    const history = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${contract.id}/history` });
    expect(
      history.json().items.map((e: { action: string; details: string }) => [e.action, e.details]),
    ).toEqual([
      ['created', null],
      ['updated', 'Contract updated'],
    ]);
  });

  it('records nothing for an update that changes nothing', async () => {
    const contract = await createContract(owner);
    const response = await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${contract.id}`,
      json: {},
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().updatedAt).toBe(contract.updatedAt);
    const history = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${contract.id}/history` });
    expect(history.json().items).toHaveLength(1);
  });

  it('replaces the signer list, keeping client ids', async () => {
    const contract = await createContract(owner, { signers: [{ name: 'Jane', email: 'jane@example.com' }] });
    const id = randomUUID();
    const response = await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${contract.id}`,
      json: { signers: [{ id, name: 'Robert', email: 'robert@example.com' }] },
    });
    expect(response.json().signers).toEqual([expect.objectContaining({ id, name: 'Robert' })]);
  });

  it('refuses to edit a contract that is no longer a draft', async () => {
    const contract = await createContract(owner);
    await setStatus(contract.id, 'sent');
    const response = await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${contract.id}`,
      json: { title: 'x' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('CONTRACT_NOT_EDITABLE');
  });

  it('deletes a draft, and refuses to delete a sent contract', async () => {
    const draft = await createContract(owner);
    expect((await call(ctx, owner, { method: 'DELETE', url: `/api/contracts/${draft.id}` })).statusCode).toBe(
      204,
    );
    expect((await call(ctx, owner, { method: 'GET', url: `/api/contracts/${draft.id}` })).statusCode).toBe(
      404,
    );

    const sent = await createContract(owner);
    await setStatus(sent.id, 'sent');
    const refused = await call(ctx, owner, { method: 'DELETE', url: `/api/contracts/${sent.id}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'CONTRACT_NOT_DELETABLE',
      message: 'A sent contract cannot be deleted; cancel it instead',
    });
  });
});

describe('sending', () => {
  it('marks a draft with signers sent, records it, and freezes it', async () => {
    const contract = await createContract(owner, { signers: [{ name: 'Jane', email: 'jane@example.com' }] });
    const response = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${contract.id}/send` });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('sent');
    const history = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${contract.id}/history` });
    expect(history.json().items.at(-1)).toMatchObject({ action: 'sent' });
    expect(history.json().items.at(-1).details).toMatch(
      /^Sent to 1 recipient at once: Jane; version 2 \(content SHA-256 [0-9a-f]{64}\); frozen document SHA-256 [0-9a-f]{64}$/,
    );
    const again = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${contract.id}/send` });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('CONTRACT_NOT_SENDABLE');
    const edit = await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${contract.id}`,
      json: { title: 'x' },
    });
    expect(edit.statusCode).toBe(409);
  });

  it('refuses a contract without signers, naming the field', async () => {
    const contract = await createContract(owner);
    const response = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${contract.id}/send` });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: 'INVALID_INPUT',
      message: 'Add at least one signer before sending',
      field: 'signers',
    });
  });

  it("answers 404 for another organization's contract", async () => {
    const theirs = await createContract(stranger, { signers: [{ name: 'J', email: 'j@example.com' }] });
    const response = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${theirs.id}/send` });
    expect(response.statusCode).toBe(404);
    expect(
      (await call(ctx, stranger, { method: 'GET', url: `/api/contracts/${theirs.id}` })).json().status,
    ).toBe('draft');
  });
});

describe('listing', () => {
  let account: TestAccount;
  let projectA: string;
  let projectB: string;

  beforeAll(async () => {
    account = await buildAccount(ctx);
    const a = await call(ctx, account, { method: 'POST', url: '/api/projects', json: { name: 'A' } });
    const b = await call(ctx, account, { method: 'POST', url: '/api/projects', json: { name: 'B' } });
    projectA = a.json().id;
    projectB = b.json().id;
    for (let index = 1; index <= 7; index += 1) {
      const contract = await createContract(account, {
        title: index % 2 ? `Lease 50% off #${index}` : `NDA #${index}`,
        projectId: index <= 4 ? projectA : projectB,
      });
      if (index === 3) await setStatus(contract.id, 'signed', account);
    }
    await createContract(account, { title: 'NDA template', isTemplate: true });
  });

  const list = (query: string) => call(ctx, account, { method: 'GET', url: `/api/contracts${query}` });
  const titles = (response: Awaited<ReturnType<typeof list>>) =>
    response.json().items.map((c: { title: string }) => c.title);

  it('lists contracts newest updated first, without templates', async () => {
    const response = await list('');
    expect(titles(response)).toEqual([
      'Lease 50% off #7',
      'NDA #6',
      'Lease 50% off #5',
      'NDA #4',
      'Lease 50% off #3',
      'NDA #2',
      'Lease 50% off #1',
    ]);
    expect(response.json().nextCursor).toBeNull();
    expect(response.json().items[0]).not.toHaveProperty('content');
  });

  it('filters by project, status, template and title', async () => {
    expect(titles(await list(`?projectId=${projectB}`))).toEqual([
      'Lease 50% off #7',
      'NDA #6',
      'Lease 50% off #5',
    ]);
    expect(titles(await list('?status=signed'))).toEqual(['Lease 50% off #3']);
    expect(titles(await list('?template=true'))).toEqual(['NDA template']);
    expect(titles(await list('?q=nda'))).toEqual(['NDA #6', 'NDA #4', 'NDA #2']);
    expect(titles(await list(`?q=${encodeURIComponent('50%')}&projectId=${projectA}`))).toEqual([
      'Lease 50% off #3',
      'Lease 50% off #1',
    ]);
    expect(titles(await list('?q=%25'))).toHaveLength(4);
    expect(titles(await list('?q=_'))).toEqual([]);
  });

  it('pages with a cursor, without gaps or repeats', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const response = await list(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(response.statusCode).toBe(200);
      seen.push(...titles(response));
      cursor = response.json().nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(titles(await list('')));
  });

  it('pages through rows updated in the same millisecond', async () => {
    const same = await buildAccount(ctx);
    const ids: string[] = [];
    for (let index = 0; index < 3; index += 1)
      ids.push((await createContract(same, { title: `Same ${index}` })).id);
    await ctx.database.db
      .update(contracts)
      .set({ updatedAt: new Date('2026-11-22T10:00:00.123Z') })
      .where(eq(contracts.createdBy, same.userId));
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const response = await call(ctx, same, {
        method: 'GET',
        url: `/api/contracts?limit=1${cursor ? `&cursor=${cursor}` : ''}`,
      });
      seen.push(...response.json().items.map((c: { id: string }) => c.id));
      cursor = response.json().nextCursor;
    } while (cursor);
    expect(seen.sort()).toEqual([...ids].sort());
  });

  it('refuses a bad cursor, limit or status', async () => {
    for (const [query, field] of [
      ['?cursor=garbage', 'cursor'],
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?status=archived', 'status'],
      ['?projectId=nope', 'projectId'],
    ]) {
      const response = await list(query ?? '');
      expect(response.statusCode, query).toBe(400);
      expect(response.json().error.field).toBe(field);
    }
  });

  it("never shows another organization's contracts", async () => {
    const response = await call(ctx, stranger, {
      method: 'GET',
      url: `/api/contracts?projectId=${projectA}`,
    });
    expect(response.json().items).toEqual([]);
  });
});

describe('history chain', () => {
  it('verifies an intact chain, and finds a tampered entry', async () => {
    const contract = await createContract(owner);
    for (const title of ['One', 'Two', 'Three']) {
      await call(ctx, owner, { method: 'PATCH', url: `/api/contracts/${contract.id}`, json: { title } });
    }
    const verification = () =>
      call(ctx, owner, { method: 'GET', url: `/api/contracts/${contract.id}/history/verification` });
    expect((await verification()).json()).toEqual({ intact: true, entries: 4, brokenAtSeq: null });

    await ctx.database.db
      .update(contractHistory)
      .set({ userName: 'Somebody else' })
      .where(and(eq(contractHistory.contractId, contract.id), eq(contractHistory.seq, 3)));
    expect((await verification()).json()).toEqual({ intact: false, entries: 4, brokenAtSeq: 3 });
  });

  it('notices history entries removed from the end', async () => {
    const contract = await createContract(owner);
    await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${contract.id}`,
      json: { title: 'Changed' },
    });
    await ctx.database.db
      .delete(contractHistory)
      .where(and(eq(contractHistory.contractId, contract.id), eq(contractHistory.seq, 2)));
    const response = await call(ctx, owner, {
      method: 'GET',
      url: `/api/contracts/${contract.id}/history/verification`,
    });
    expect(response.json()).toEqual({ intact: false, entries: 1, brokenAtSeq: 2 });
  });

  it("answers 404 for the verification of another organization's contract", async () => {
    const theirs = await createContract(stranger);
    const response = await call(ctx, owner, {
      method: 'GET',
      url: `/api/contracts/${theirs.id}/history/verification`,
    });
    expect(response.statusCode).toBe(404);
  });
});
