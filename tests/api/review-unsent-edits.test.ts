import { describe, expect, it } from 'vitest';
import type { CommentThread } from '../../src/shared/api/comments';
import type { EditorDocument } from '../../src/shared/api/editor-document';
import { quoteAnchor } from '../support/anchors';
import { withMail } from '../support/background';
import { type InvitedReviewer, inviteReviewer } from '../support/review-link';
import { buildAccount, call, testApp } from '../support/test-app';

/**
 * The other side reads the version sent to them: what the team saved since, and did not send,
 * stays the team's. Not through the anchors of shared threads, nor the title, nor the e-mails.
 */

let counter = 0;

const ctx = await testApp();
const owner = await buildAccount(ctx, { name: 'Olga Owner' });
const { peer, background } = await withMail(ctx);

const paragraphs = (...texts: string[]): EditorDocument => ({
  type: 'doc',
  content: texts.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
});

const sent = paragraphs(
  'The Supplier delivers the goods within thirty days of the order.',
  'On delivery the buyer pays the price in full.',
  'Either party may end this agreement with ninety days of notice.',
);
/** What the team saves after the round went out, and does not send. */
const unsent = paragraphs(
  'The Supplier delivers the goods within thirty days of the order.',
  'On delivery the buyer pays EUR 80,000 (internal: we would go down to 60k) the price in full.',
  'Either party may end this agreement with ninety days of notice.',
);
const unsentTitle = 'Supply Agreement (our floor: 60k)';
/** Whatever of the unsent draft, in any of its words. */
const secrets = ['internal', '60k', '80,000', unsentTitle];

function expectNothingUnsent(text: string) {
  for (const secret of secrets) expect(text).not.toContain(secret);
}

async function createDraft() {
  const response = await call(ctx, owner, {
    method: 'POST',
    url: '/api/contracts',
    json: { title: 'Supply Agreement', content: sent },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

function invite(contractId: string) {
  counter += 1;
  return inviteReviewer(ctx, { background, peer }, owner, contractId, {
    name: 'Anna Reviewer',
    email: `unsent-${counter}@example.com`,
  });
}

function teamThread(contractId: string, document: EditorDocument, quote: string, body: string) {
  return call(ctx, owner, {
    method: 'POST',
    url: `/api/contracts/${contractId}/comments`,
    json: { visibility: 'shared', anchor: quoteAnchor(document, quote), body },
  });
}

async function saveUnsent(contractId: string) {
  const saved = await call(ctx, owner, {
    method: 'PATCH',
    url: `/api/contracts/${contractId}`,
    json: { title: unsentTitle, content: unsent },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

const asReviewer = (
  reviewer: InvitedReviewer,
  request: { method: 'GET' | 'POST'; path?: string; json?: unknown },
) => {
  const { path = '', ...rest } = request;
  return call(ctx, null, {
    ...rest,
    url: `/api/review/${reviewer.reviewerId}${path}`,
    headers: { cookie: reviewer.cookie },
  });
};

const threadOf = (list: { items: CommentThread[] }, id: string) => {
  const thread = list.items.find((item) => item.id === id);
  if (!thread) throw new Error(`No thread ${id}`);
  return thread;
};

describe('what the team saved since the round', () => {
  it('reaches the reviewer through no shared thread, nor the title of the review', async () => {
    const { id } = await createDraft();
    const before = await teamThread(id, sent, 'pays the price', 'Is the price clear to you?');
    expect(before.statusCode, before.body).toBe(201);
    const reviewer = await invite(id);
    await saveUnsent(id);
    // After the round: a shared thread on text the reviewer never saw, and one on text they did.
    const onNew = await teamThread(id, unsent, 'we would go down to', 'Only if they push back.');
    expect(onNew.statusCode, onNew.body).toBe(201);
    const onOld = await teamThread(id, unsent, 'ninety days', 'Sixty would suit us.');
    expect(onOld.statusCode, onOld.body).toBe(201);

    const listed = await asReviewer(reviewer, { method: 'GET', path: '/comments' });
    expect(listed.statusCode, listed.body).toBe(200);
    expectNothingUnsent(listed.body);
    const list = listed.json() as { items: CommentThread[] };
    // Each thread where it stands in the version sent to them, in the order of that text.
    expect(threadOf(list, before.json().id)).toMatchObject({
      anchor: quoteAnchor(sent, 'pays the price'),
      detachedAt: null,
    });
    expect(threadOf(list, onOld.json().id)).toMatchObject({
      anchor: quoteAnchor(sent, 'ninety days'),
      detachedAt: null,
    });
    // The thread on a passage they never saw: its comments, on no passage of theirs.
    const unplaced = threadOf(list, onNew.json().id);
    expect(unplaced.anchor).toEqual({ quote: '', prefix: '', suffix: '', start: 0, end: 0 });
    expect(unplaced.detachedAt).not.toBeNull();
    expect(unplaced.comments.map((comment) => comment.body)).toEqual(['Only if they push back.']);
    expect(list.items.map((thread) => thread.id)).toEqual([
      before.json().id,
      onOld.json().id,
      onNew.json().id,
    ]);

    const view = await asReviewer(reviewer, { method: 'GET' });
    expect(view.statusCode, view.body).toBe(200);
    expectNothingUnsent(view.body);
    expect(view.json()).toMatchObject({ title: 'Supply Agreement', version: { content: sent } });

    // One thread at a time, as a reply answers it, shows the same.
    const replied = await asReviewer(reviewer, {
      method: 'POST',
      path: `/comments/${before.json().id}/replies`,
      json: { body: 'Clear enough.' },
    });
    expect(replied.statusCode, replied.body).toBe(201);
    expectNothingUnsent(replied.body);
    expect(replied.json().anchor).toEqual(quoteAnchor(sent, 'pays the price'));

    // The team still sees its threads on its own draft.
    const teams = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/comments` });
    const ownList = teams.json() as { items: CommentThread[] };
    expect(threadOf(ownList, before.json().id).anchor.quote).toBe(
      'pays EUR 80,000 (internal: we would go down to 60k) the price',
    );
    expect(threadOf(ownList, onNew.json().id).anchor.quote).toBe('we would go down to');
    expect(threadOf(ownList, onNew.json().id).detachedAt).toBeNull();
  });

  it('is not what a reviewer comments on: they comment on their version, and cannot probe the draft', async () => {
    const { id } = await createDraft();
    const reviewer = await invite(id);
    await saveUnsent(id);

    // The passage as they read it, which the team has rewritten since: accepted, and shown so.
    const theirs = await asReviewer(reviewer, {
      method: 'POST',
      path: '/comments',
      json: { visibility: 'shared', anchor: quoteAnchor(sent, 'pays the price'), body: 'Which price?' },
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    expectNothingUnsent(theirs.body);
    expect(theirs.json()).toMatchObject({ anchor: quoteAnchor(sent, 'pays the price'), detachedAt: null });
    // The team finds it on the passage as it now stands in their draft.
    const teams = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/comments` });
    expect(threadOf(teams.json(), theirs.json().id)).toMatchObject({
      anchor: { quote: 'pays EUR 80,000 (internal: we would go down to 60k) the price' },
      detachedAt: null,
    });

    // A guess at the unsent text is refused exactly as any text that is not in their version.
    const guess = await asReviewer(reviewer, {
      method: 'POST',
      path: '/comments',
      json: { visibility: 'shared', anchor: quoteAnchor(unsent, 'go down to 60k'), body: 'Is it?' },
    });
    expect(guess.statusCode, guess.body).toBe(409);
    expect(guess.json().error.code).toBe('CONTRACT_CHANGED');
    expectNothingUnsent(guess.body);
    const listed = await asReviewer(reviewer, { method: 'GET', path: '/comments' });
    expect((listed.json() as { items: CommentThread[] }).items).toHaveLength(1);
  });

  it('is not in the e-mails the reviewer gets: the invitation, the answers, the decisions', async () => {
    const { id } = await createDraft();
    counter += 1;
    const email = `unsent-${counter}@example.com`;
    // The team renames the draft before the invitation is delivered.
    const round = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/review`,
      json: { reviewers: [{ name: 'Anna Reviewer', email }] },
    });
    expect(round.statusCode, round.body).toBe(200);
    await saveUnsent(id);
    await background.drain();
    const invitation = peer.to(email).at(-1);
    expect(invitation?.subject).toMatch(/asks you to review "Supply Agreement"$/);
    expectNothingUnsent(`${invitation?.subject}\n${invitation?.text}\n${invitation?.html}`);
    const token = /\/review\/([A-Za-z0-9_-]{43})/.exec(invitation?.text ?? '')?.[1];
    const opened = await call(ctx, null, { method: 'POST', url: '/api/review/open', json: { token } });
    expect(opened.statusCode, opened.body).toBe(200);
    const cookie = opened.cookies.find((c) => c.name.startsWith('pactum_review_'));
    const reviewer = {
      reviewerId: opened.json().reviewerId as string,
      cookie: `${cookie?.name}=${cookie?.value}`,
    };

    // The team answers in the reviewer's thread.
    const theirs = await call(ctx, null, {
      method: 'POST',
      url: `/api/review/${reviewer.reviewerId}/comments`,
      headers: { cookie: reviewer.cookie },
      json: { visibility: 'shared', anchor: quoteAnchor(sent, 'ninety days'), body: 'Why ninety?' },
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    const answer = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/comments/${theirs.json().id}/replies`,
      json: { body: 'It protects both of us.' },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    await background.drain();
    // The reviewer suggests a change; the team rejects it.
    const suggested = await call(ctx, null, {
      method: 'POST',
      url: `/api/review/${reviewer.reviewerId}/suggestions`,
      headers: { cookie: reviewer.cookie },
      json: {
        baseVersion: 2,
        content: paragraphs(
          'The Supplier delivers the goods within fourteen days of the order.',
          'On delivery the buyer pays the price in full.',
          'Either party may end this agreement with ninety days of notice.',
        ),
      },
    });
    expect(suggested.statusCode, suggested.body).toBe(201);
    const decided = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/suggestions/${suggested.json().id}/decide`,
      json: { accept: [] },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    await background.drain();

    const mails = peer.to(email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/asks you to review "Supply Agreement"$/),
      'Olga Owner answered your comment on "Supply Agreement"',
      'Olga Owner went through your suggestions on "Supply Agreement"',
    ]);
    for (const mail of mails) expectNothingUnsent(`${mail.subject}\n${mail.text}\n${mail.html}`);
  });
});
