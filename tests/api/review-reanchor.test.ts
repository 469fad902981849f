import { describe, expect, it } from 'vitest';
import type { CommentThread } from '../../src/shared/api/comments';
import type { EditorDocument } from '../../src/shared/api/editor-document';
import { quoteAnchor } from '../support/anchors';
import { withMail } from '../support/background';
import { inviteReviewer, reviewedAgreement } from '../support/review-link';
import { buildAccount, call, testApp } from '../support/test-app';

/**
 * Accepting a reviewer's suggestions writes the draft as a save does: the team's comment threads
 * follow their passages into the new text, and a thread whose passage the accepted changes
 * deleted says so, at once rather than at the next save.
 */

const ctx = await testApp();
const owner = await buildAccount(ctx, { name: 'Zofia Wójcik' });
const { peer, background } = await withMail(ctx);

/** The reviewer's version: a clause added before the others, and the notice clause struck. */
const suggested: EditorDocument = {
  type: 'doc',
  content: [
    'This agreement is made between Kowalski Sp. z o.o. and Müller GmbH.',
    'The Supplier delivers the goods within thirty days of the order.',
    'The Buyer pays each invoice within fourteen days.',
  ].map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
};

describe('accepting suggestions', () => {
  it('moves the team’s comment threads with their passages, and detaches one whose passage went', async () => {
    const created = await call(ctx, owner, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'Umowa dostawy', content: reviewedAgreement },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: string };
    const comment = (quote: string, body: string) =>
      call(ctx, owner, {
        method: 'POST',
        url: `/api/contracts/${id}/comments`,
        json: { visibility: 'internal', anchor: quoteAnchor(reviewedAgreement, quote), body },
      });
    const onPayment = await comment('pays each invoice', 'Fourteen days is tight.');
    const onNotice = await comment('ninety days of notice', 'Can we make it sixty?');
    expect(onPayment.statusCode, onPayment.body).toBe(201);
    expect(onNotice.statusCode, onNotice.body).toBe(201);

    const reviewer = await inviteReviewer(ctx, { background, peer }, owner, id, {
      name: 'Hans Müller',
      email: 'hans.mueller@example.com',
    });
    const view = await call(ctx, null, {
      method: 'GET',
      url: `/api/review/${reviewer.reviewerId}`,
      headers: { cookie: reviewer.cookie },
    });
    const made = await call(ctx, null, {
      method: 'POST',
      url: `/api/review/${reviewer.reviewerId}/suggestions`,
      headers: { cookie: reviewer.cookie },
      json: { baseVersion: view.json().version.number, content: suggested },
    });
    expect(made.statusCode, made.body).toBe(201);
    const suggestionId = made.json().id as string;
    const shown = await call(ctx, owner, {
      method: 'GET',
      url: `/api/contracts/${id}/suggestions/${suggestionId}`,
    });
    const changes = shown.json().changes as { id: number }[];
    const decided = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/suggestions/${suggestionId}/decide`,
      json: { accept: changes.map((change) => change.id) },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const content = decided.json().content as EditorDocument;
    expect(JSON.stringify(content)).not.toContain('ninety days');

    const listed = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/comments` });
    const threads = (listed.json() as { items: CommentThread[] }).items;
    const thread = (threadId: string) => threads.find((item) => item.id === threadId);
    // Stored where the passage now stands, a whole clause further on.
    expect(thread(onPayment.json().id)).toMatchObject({
      anchor: quoteAnchor(content, 'pays each invoice'),
      detachedAt: null,
    });
    expect(thread(onNotice.json().id)?.detachedAt).not.toBeNull();
  });
});
