import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractHistory, contractVersions } from '../../src/server/db/schema';
import type { EditorNode } from '../../src/shared/api/editor-document';
import { bringTo } from '../support/contract-factory';
import {
  buildAccount,
  buildMember,
  call,
  sampleDocument,
  type TestAccount,
  testApp,
} from '../support/test-app';

let stranger: TestAccount;
let colleagueName: string;

const ctx = await testApp();
const owner = await buildAccount(ctx, { name: 'Łukasz Żółć' });
const colleague = await buildMember(ctx, owner);

beforeAll(async () => {
  colleagueName = (await call(ctx, colleague, { method: 'GET', url: '/api/auth/me' })).json().user.name;
  stranger = await buildAccount(ctx);
});

const sessionA = 'session-aaaaaaaa';
const sessionB = 'session-bbbbbbbb';

async function createDraft(text = 'The Supplier delivers within thirty days.') {
  const response = await call(ctx, owner, {
    method: 'POST',
    url: '/api/contracts',
    json: { title: 'Supply Agreement', content: sampleDocument(text) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; revision: number };
}

function save(account: TestAccount, id: string, json: Record<string, unknown>) {
  return call(ctx, account, { method: 'PATCH', url: `/api/contracts/${id}`, json });
}

async function versions(id: string, account = owner) {
  const response = await call(ctx, account, { method: 'GET', url: `/api/contracts/${id}/versions` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items as {
    number: number;
    kind: string;
    title: string;
    contentHash: string;
    author: { id: string | null; name: string };
    restoredFrom: number | null;
    createdAt: string;
    updatedAt: string;
  }[];
}

describe('versions of a contract', () => {
  it('starts with version 1, makes one version per editing session, and updates it while it is the latest', async () => {
    const draft = await createDraft();
    expect(draft.revision).toBe(1);
    expect(await versions(draft.id)).toMatchObject([
      { number: 1, kind: 'edited', author: { id: owner.userId, name: 'Łukasz Żółć' }, restoredFrom: null },
    ]);

    // A new session's first save makes version 2; its next saves update version 2.
    const first = await save(owner, draft.id, {
      content: sampleDocument('The Supplier delivers within fourteen days.'),
      editSession: sessionA,
      baseRevision: 1,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().revision).toBe(2);
    const second = await save(owner, draft.id, {
      content: sampleDocument('The Supplier delivers within ten days.'),
      editSession: sessionA,
      baseRevision: 2,
    });
    expect(second.json().revision).toBe(3);
    let list = await versions(draft.id);
    expect(list.map((version) => version.number)).toEqual([2, 1]);
    expect(list[0]?.updatedAt).not.toBe(list[0]?.createdAt);

    // Another person, even with the same session id, makes a version of their own.
    const theirs = await save(colleague, draft.id, {
      content: sampleDocument('The Supplier delivers within seven days.'),
      editSession: sessionA,
      baseRevision: 3,
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    // A save that changes only the signers makes no version.
    await save(colleague, draft.id, {
      signers: [{ name: 'Анна Кузнецова', email: 'anna@example.com' }],
      baseRevision: 4,
    });
    list = await versions(draft.id);
    expect(list.map((version) => [version.number, version.author.id])).toEqual([
      [3, colleague.userId],
      [2, owner.userId],
      [1, owner.userId],
    ]);

    // Each version opens with its own content; its hash is SHA-256 of the content's jsonb text.
    const two = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${draft.id}/versions/2` });
    expect(two.statusCode).toBe(200);
    expect(JSON.stringify(two.json().content)).toContain('ten days');
    expect(two.json().contentHash).toMatch(/^[0-9a-f]{64}$/);
    const [stored] = await ctx.database.db
      .select({ text: sql<string>`${contractVersions.content}::text` })
      .from(contractVersions)
      .where(and(eq(contractVersions.contractId, draft.id), eq(contractVersions.number, 2)));
    const text = stored?.text ?? '';
    expect(createHash('sha256').update(text).digest('hex')).toBe(two.json().contentHash);
  });

  it('refuses a save made on an older revision, naming who saved meanwhile, and keeps what is stored', async () => {
    const draft = await createDraft();
    const theirs = await save(colleague, draft.id, {
      content: sampleDocument('Their wording.'),
      editSession: sessionB,
      baseRevision: 1,
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const mine = await save(owner, draft.id, {
      content: sampleDocument('My wording.'),
      title: 'My title',
      editSession: sessionA,
      baseRevision: 1,
    });
    expect(mine.statusCode).toBe(409);
    expect(mine.json().error).toMatchObject({ code: 'CONTRACT_CHANGED' });
    expect(mine.json().error.message).toContain(colleagueName);
    expect(mine.json().error.message).toContain('nothing is lost');
    const stored = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${draft.id}` });
    expect(stored.json()).toMatchObject({ title: 'Supply Agreement', revision: 2 });
    expect(JSON.stringify(stored.json().content)).toContain('Their wording.');

    // Saved again on the revision now stored (after looking), it goes through; both stay versions.
    const again = await save(owner, draft.id, {
      content: sampleDocument('My wording.'),
      editSession: sessionA,
      baseRevision: 2,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await versions(draft.id)).map((version) => version.author.id)).toEqual([
      owner.userId,
      colleague.userId,
      owner.userId,
    ]);
  });

  it('compares two versions as a redline, word by word', async () => {
    const draft = await createDraft('The Supplier delivers within thirty days of the order.');
    await save(owner, draft.id, {
      content: sampleDocument('The Supplier delivers within fourteen days of the order.'),
      editSession: sessionA,
    });
    const response = await call(ctx, owner, {
      method: 'GET',
      url: `/api/contracts/${draft.id}/compare?from=1&to=2`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const redline = response.json();
    expect(redline.from.number).toBe(1);
    expect(redline.to.number).toBe(2);
    expect(redline.summary).toEqual({ insertedWords: 1, deletedWords: 1, wordByWord: true });
    const paragraph = (redline.document.content as EditorNode[])[1];
    expect(paragraph?.content).toEqual([
      { type: 'text', text: 'The Supplier delivers within ' },
      { type: 'text', text: 'thirty', marks: [{ type: 'deletion' }] },
      { type: 'text', text: 'fourteen', marks: [{ type: 'insertion' }] },
      { type: 'text', text: ' days of the order.' },
    ]);
    const missing = await call(ctx, owner, {
      method: 'GET',
      url: `/api/contracts/${draft.id}/compare?from=1&to=9`,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe('Version 9 not found');
  });

  it('restores an older version as a new one, recorded in the history', async () => {
    const draft = await createDraft('Original wording.');
    await save(owner, draft.id, {
      content: sampleDocument('Changed wording.'),
      title: 'Renamed',
      editSession: sessionA,
    });
    const restored = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${draft.id}/versions/1/restore`,
      json: { baseRevision: 2 },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ title: 'Supply Agreement', revision: 3 });
    expect(JSON.stringify(restored.json().content)).toContain('Original wording.');
    const list = await versions(draft.id);
    expect(list[0]).toMatchObject({ number: 3, kind: 'restored', restoredFrom: 1 });
    // The same content has the same hash.
    expect(list[0]?.contentHash).toBe(list[2]?.contentHash);
    const history = await ctx.database.db
      .select({ action: contractHistory.action, details: contractHistory.details })
      .from(contractHistory)
      .where(eq(contractHistory.contractId, draft.id));
    expect(history).toContainEqual({
      action: 'version_restored',
      details: 'Version 1 restored as version 3',
    });

    // A restore decided on an older revision is refused like a save.
    const stale = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${draft.id}/versions/2/restore`,
      json: { baseRevision: 2 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('CONTRACT_CHANGED');
  });

  it('makes a version of what is sent, which the history names with its hash, and then restores nothing', async () => {
    const draft = await createDraft();
    await bringTo(ctx, owner, draft.id, 'sent');
    const list = await versions(draft.id);
    expect(list[0]).toMatchObject({ kind: 'sent' });
    const history = await ctx.database.db
      .select({ action: contractHistory.action, details: contractHistory.details })
      .from(contractHistory)
      .where(eq(contractHistory.contractId, draft.id));
    const sent = history.find((entry) => entry.action === 'sent');
    expect(sent?.details).toContain(`version ${list[0]?.number} (content SHA-256 ${list[0]?.contentHash})`);
    const restore = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${draft.id}/versions/1/restore`,
    });
    expect(restore.statusCode).toBe(409);
    expect(restore.json().error.code).toBe('CONTRACT_NOT_EDITABLE');
  });

  it('makes no version when a save brings the same document back, its keys in another order', async () => {
    const draft = await createDraft('The Supplier delivers within thirty days.');
    const reordered = {
      content: [
        { content: [{ text: 'Agreement', type: 'text' }], attrs: { level: 1 }, type: 'heading' },
        { content: [{ text: 'The Supplier delivers within thirty days.', type: 'text' }], type: 'paragraph' },
      ],
      type: 'doc',
    };
    const same = await save(owner, draft.id, { content: reordered, editSession: sessionB, baseRevision: 1 });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().revision).toBe(2);
    expect((await versions(draft.id)).map((version) => version.number)).toEqual([1]);
    // A changed document in the same request is told apart from the stored one.
    const changed = await save(owner, draft.id, {
      content: sampleDocument('The Supplier delivers within two days.'),
      editSession: sessionB,
      baseRevision: 2,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await versions(draft.id)).map((version) => version.number)).toEqual([2, 1]);
  });

  it("hashes the version's JSON as the API hands it out, so a holder of it can check the hash", async () => {
    const draft = await createDraft('Zażółć gęślą jaźń: Договор, Συμφωνία, 合同, عقد.');
    const [listed] = await versions(draft.id);
    const response = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${draft.id}/versions/1` });
    expect(response.statusCode, response.body).toBe(200);
    const { content } = response.json() as { content: unknown };
    expect(createHash('sha256').update(JSON.stringify(content)).digest('hex')).toBe(listed?.contentHash);
  });

  it("does not exist for another organization's people", async () => {
    const draft = await createDraft();
    for (const url of [
      `/api/contracts/${draft.id}/versions`,
      `/api/contracts/${draft.id}/versions/1`,
      `/api/contracts/${draft.id}/compare?from=1&to=1`,
    ]) {
      const response = await call(ctx, stranger, { method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
    const restore = await call(ctx, stranger, {
      method: 'POST',
      url: `/api/contracts/${draft.id}/versions/1/restore`,
    });
    expect(restore.statusCode).toBe(404);
  });
});
