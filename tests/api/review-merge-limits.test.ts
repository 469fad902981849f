import { beforeAll, describe, expect, it } from 'vitest';
import type { EditorDocument, EditorNode } from '../../src/shared/api/editor-document';
import { contractLimits } from '../../src/shared/limits';
import { withMail } from '../support/background';
import { inviteReviewer } from '../support/review-link';
import { buildAccount, call, testApp } from '../support/test-app';

/**
 * Accepting a suggestion on the longest contracts, as the other side (or a member playing both
 * halves) can set it up: before, the merge into the draft ran an unbounded diff on the request
 * thread, 3 s at 3,000 paragraphs and 47 s at the block limit. Each decision here runs alone in
 * its test, with the default timeout; what it took to set up runs before it.
 */
const ctx = await testApp();
const owner = await buildAccount(ctx, { name: 'Olga Owner' });
const { peer, background } = await withMail(ctx);
let counter = 0;

const clause = (text: string): EditorNode => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const doc = (content: EditorNode[]): EditorDocument => ({ type: 'doc', content });
/** The finding's draft: n paragraphs "Clause i stays as written." (ending as given). */
const clauses = (n: number, ending = '.') =>
  Array.from({ length: n }, (_, i) => clause(`Clause ${i + 1} stays as written${ending}`));
const texts = (document: EditorDocument) =>
  (document.content ?? []).map((block) => (block.content ?? []).map((inline) => inline.text).join(''));

/**
 * A draft of `base` sent for review; the reviewer suggests `suggested` on it; the team then saves
 * `edited` as the draft. What the owner decides on.
 */
async function suggestionOnChangedDraft(base: EditorNode[], suggested: EditorNode[], edited: EditorNode[]) {
  const created = await call(ctx, owner, {
    method: 'POST',
    url: '/api/contracts',
    json: { title: 'Long Agreement', content: doc(base) },
  });
  expect(created.statusCode, created.body).toBe(201);
  const { id } = created.json() as { id: string };
  counter += 1;
  const reviewer = await inviteReviewer(ctx, { background, peer }, owner, id, {
    name: 'Rita Reviewer',
    email: `long-${counter}@example.com`,
  });
  const read = await call(ctx, null, {
    method: 'GET',
    url: `/api/review/${reviewer.reviewerId}`,
    headers: { cookie: reviewer.cookie },
  });
  const suggestion = await call(ctx, null, {
    method: 'POST',
    url: `/api/review/${reviewer.reviewerId}/suggestions`,
    headers: { cookie: reviewer.cookie },
    json: { baseVersion: read.json().version.number, content: doc(suggested) },
  });
  expect(suggestion.statusCode, suggestion.body).toBe(201);
  const saved = await call(ctx, owner, {
    method: 'PATCH',
    url: `/api/contracts/${id}`,
    json: { content: doc(edited) },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { id, suggestionId: suggestion.json().id as string };
}

const decide = (setUp: { id: string; suggestionId: string }, accept: number[]) =>
  call(ctx, owner, {
    method: 'POST',
    url: `/api/contracts/${setUp.id}/suggestions/${setUp.suggestionId}/decide`,
    json: { accept },
  });

describe('3,000 paragraphs, every one changed by the reviewer, one added by the team', () => {
  let setUp: { id: string; suggestionId: string };
  beforeAll(async () => {
    const team = clause('The parties meet once a quarter to review this agreement.');
    setUp = await suggestionOnChangedDraft(clauses(3000), clauses(3000, '!'), [...clauses(3000), team]);
  }, 120_000);

  it('merges every accepted change with the paragraph the team added', async () => {
    const shown = await call(ctx, owner, {
      method: 'GET',
      url: `/api/contracts/${setUp.id}/suggestions/${setUp.suggestionId}`,
    });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().draftChanged).toBe(true);
    const changes = shown.json().changes as { id: number; inserted: string }[];
    expect(changes).toHaveLength(3000);
    expect(changes[0]).toEqual({ id: 1, inserted: '!', deleted: '.' });

    const decided = await decide(
      setUp,
      changes.map((change) => change.id),
    );
    expect(decided.statusCode, decided.body).toBe(200);
    expect(texts(decided.json().content)).toEqual([
      ...texts(doc(clauses(3000, '!'))),
      'The parties meet once a quarter to review this agreement.',
    ]);
    const list = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${setUp.id}/suggestions` });
    expect(list.json().items[0]).toMatchObject({ status: 'accepted', accepted: 3000, rejected: 0 });
  });
});

describe('6,000 paragraphs, every one changed by the reviewer', () => {
  it('accepts all 6,000 changes in one decision: more numbers than a default body may hold', async () => {
    const setUp = await suggestionOnChangedDraft(clauses(6000), clauses(6000, '!'), clauses(6000));
    const decided = await decide(
      setUp,
      Array.from({ length: 6000 }, (_, i) => i + 1),
    );
    expect(decided.statusCode, decided.body).toBe(200);
    expect(texts(decided.json().content)).toEqual(texts(doc(clauses(6000, '!'))));
  }, 120_000);
});

describe('at the block limit', () => {
  // The document node counts as a block: this many paragraphs, and one more, fill the limit.
  const longest = contractLimits.blocks - 2;
  const reviewerClause = clause('Each party bears its own costs.');
  let rewritten: { id: string; suggestionId: string };
  let reversed: { id: string; suggestionId: string };
  beforeAll(async () => {
    // The team rewrote every paragraph of the draft since; the reviewer added one at the end.
    rewritten = await suggestionOnChangedDraft(
      clauses(longest),
      [...clauses(longest), reviewerClause],
      clauses(longest, ', as amended.'),
    );
    // The team put every paragraph in the reverse order: nothing can tell what moved where.
    reversed = await suggestionOnChangedDraft(
      clauses(longest),
      [...clauses(longest), reviewerClause],
      clauses(longest).reverse(),
    );
  }, 300_000);

  it('merges a reviewer’s paragraph into a draft the team rewrote whole', async () => {
    const decided = await decide(rewritten, [1]);
    expect(decided.statusCode, decided.body).toBe(200);
    expect(texts(decided.json().content)).toEqual([
      ...texts(doc(clauses(longest, ', as amended.'))),
      'Each party bears its own costs.',
    ]);
  });

  it('refuses to merge into a draft whose every paragraph moved, and says what to do instead', async () => {
    const decided = await decide(reversed, [1]);
    expect(decided.statusCode, decided.body).toBe(409);
    const { error } = decided.json();
    expect(error.code).toBe('SUGGESTION_CONFLICT');
    expect(error.message).toBe(
      'The draft changed since version 2, and so many passages were moved (in the draft or by these changes) that they cannot be merged. Accept fewer changes at a time, or restore version 2 first.',
    );
    // Nothing was decided: the suggestion is still open, and rejecting it all needs no merge.
    const rejected = await decide(reversed, []);
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(texts(rejected.json().content)).toEqual(texts(doc(clauses(longest).reverse())));
  });
});
