import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events, jobs, notifications } from '../../src/server/db/schema';
import type { CommentThread } from '../../src/shared/api/comments';
import { quoteAnchor } from '../support/anchors';
import { withMail } from '../support/background';
import { reviewedAgreement as agreement, type InvitedReviewer, inviteReviewer } from '../support/review-link';
import { buildAccount, call, testApp } from '../support/test-app';

let counter = 0;

const ctx = await testApp();
const owner = await buildAccount(ctx, { name: 'Olga Owner' });
const { peer, background } = await withMail(ctx);

const anchorOf = (quote: string) => quoteAnchor(agreement, quote);

async function createDraft() {
  const response = await call(ctx, owner, {
    method: 'POST',
    url: '/api/contracts',
    json: { title: 'Supply Agreement', content: agreement },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

/** Sends the draft for review, delivers the e-mail, and opens its link as the reviewer's browser. */
function invite(contractId: string, name: string) {
  counter += 1;
  return inviteReviewer(ctx, { background, peer }, owner, contractId, {
    name,
    email: `reviewer-${counter}@example.com`,
  });
}

type Reviewer = InvitedReviewer;

const asReviewer = (
  reviewer: Reviewer,
  request: { method: 'GET' | 'POST'; path?: string; json?: unknown; payload?: string },
) => {
  const { path = '', ...rest } = request;
  return call(ctx, null, {
    ...rest,
    url: `/api/review/${reviewer.reviewerId}/comments${path}`,
    headers: {
      cookie: reviewer.cookie,
      ...(rest.payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
  });
};

function ownerComment(contractId: string, visibility: 'internal' | 'shared', quote: string, body: string) {
  return call(ctx, owner, {
    method: 'POST',
    url: `/api/contracts/${contractId}/comments`,
    json: { visibility, anchor: anchorOf(quote), body },
  });
}

describe("the other side's comments", () => {
  it('shows a reviewer only the shared threads, and lets them start and answer shared ones', async () => {
    const { id } = await createDraft();
    const internal = await ownerComment(id, 'internal', 'within fourteen days', 'Our floor is ten days.');
    expect(internal.statusCode, internal.body).toBe(201);
    const shared = await ownerComment(id, 'shared', 'ninety days', 'Ninety days protects both of us.');
    expect(shared.statusCode, shared.body).toBe(201);
    const reviewer = await invite(id, 'Анна Кузнецова');

    // Only the shared thread: the internal one is absent, not hidden.
    const listed = await asReviewer(reviewer, { method: 'GET' });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.headers['cache-control']).toBe('no-store');
    const items = listed.json().items as CommentThread[];
    expect(items.map((thread) => thread.id)).toEqual([shared.json().id]);
    expect(listed.body).not.toContain('Our floor is ten days.');

    // Asking for an internal thread is refused, with the policy's words.
    const asInternal = await asReviewer(reviewer, {
      method: 'POST',
      json: { visibility: 'internal', anchor: anchorOf('thirty days'), body: 'Between us.' },
    });
    expect(asInternal.statusCode).toBe(403);
    expect(asInternal.json().error).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Reviewers write only comments shared with both sides',
      field: 'visibility',
    });

    // A shared thread, authored by the reviewer; trying to mention the owner mentions no one.
    const created = await asReviewer(reviewer, {
      method: 'POST',
      json: {
        visibility: 'shared',
        anchor: anchorOf('within thirty days'),
        body: 'Thirty days is too long for us.',
        mentions: [owner.userId],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const thread = created.json() as CommentThread;
    expect(thread).toMatchObject({
      visibility: 'shared',
      anchor: { quote: 'within thirty days' },
      comments: [
        {
          author: { kind: 'reviewer', id: reviewer.reviewerId, name: 'Анна Кузнецова' },
          body: 'Thirty days is too long for us.',
          mentions: [],
        },
      ],
    });

    // The internal thread's id is not found, whatever the reviewer does with it.
    const internalId = internal.json().id as string;
    for (const path of [`/${internalId}/replies`, `/${internalId}/resolve`, `/${internalId}/reopen`]) {
      const response = await asReviewer(reviewer, { method: 'POST', path, json: { body: 'Let me in.' } });
      expect(response.statusCode, path).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }

    // The owner hears of it in the bell, and sees it among the contract's threads.
    await background.drain();
    const bell = await ctx.database.db
      .select({ kind: notifications.kind, message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, owner.userId), eq(notifications.contractId, id)));
    expect(bell).toEqual([
      { kind: 'commented', message: 'Анна Кузнецова (other side) commented on "Supply Agreement"' },
    ]);
    const ownerView = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/comments` });
    const seen = (ownerView.json().items as CommentThread[]).find((item) => item.id === thread.id);
    expect(seen?.comments[0]?.author).toEqual({
      kind: 'reviewer',
      id: reviewer.reviewerId,
      name: 'Анна Кузнецова',
    });

    // The owner replies; the reviewer reads the reply, and answers it.
    const ownerReply = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/comments/${thread.id}/replies`,
      json: { body: 'Twenty-one days, then?' },
    });
    expect(ownerReply.statusCode, ownerReply.body).toBe(201);
    // The reviewer is told by e-mail, with the answer quoted (their review link stays the one they have).
    await background.drain();
    const told = peer.to(reviewer.email).at(-1);
    expect(told?.subject).toBe('Olga Owner answered your comment on "Supply Agreement"');
    expect(told?.text).toContain('"Twenty-one days, then?"');
    expect(told?.text).not.toMatch(/\/review\/[A-Za-z0-9_-]{43}/);
    const reread = await asReviewer(reviewer, { method: 'GET' });
    const answered = (reread.json().items as CommentThread[]).find((item) => item.id === thread.id);
    expect(
      answered?.comments.map((comment) => [comment.author.kind, comment.author.name, comment.body]),
    ).toEqual([
      ['reviewer', 'Анна Кузнецова', 'Thirty days is too long for us.'],
      ['user', 'Olga Owner', 'Twenty-one days, then?'],
    ]);
    const reply = await asReviewer(reviewer, {
      method: 'POST',
      path: `/${thread.id}/replies`,
      json: { body: 'Agreed.' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect((reply.json() as CommentThread).comments.at(-1)).toMatchObject({
      author: { kind: 'reviewer' },
      body: 'Agreed.',
    });
  });

  it("queues the owner's bell for the other side's comments only", async () => {
    const { id } = await createDraft();
    /** The consumers queued with each comment.added event of the draft, oldest first. */
    const consumersPerComment = async () => {
      const recorded = await ctx.database.db
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.contractId, id), eq(events.type, 'comment.added')))
        .orderBy(asc(events.createdAt));
      const queued = await ctx.database.db.select({ type: jobs.type, key: jobs.dedupeKey }).from(jobs);
      return recorded.map((event) =>
        queued
          .filter((job) => job.key === `${job.type}:${event.id}`)
          .map((job) => job.type)
          .sort(),
      );
    };
    const teams = await ownerComment(id, 'shared', 'ninety days', 'Ninety days protects both of us.');
    expect(teams.statusCode, teams.body).toBe(201);
    // The team's comment reaches whom it mentions; the owner's bell has nothing to say of it.
    expect(await consumersPerComment()).toEqual([['notify-mentions']]);
    const reviewer = await invite(id, 'Priya Raman');
    const theirs = await asReviewer(reviewer, {
      method: 'POST',
      json: { visibility: 'shared', anchor: anchorOf('each invoice'), body: 'Which invoices?' },
    });
    expect(theirs.statusCode, theirs.body).toBe(201);
    expect(await consumersPerComment()).toEqual([['notify-mentions'], ['notify-mentions', 'notify-owner']]);
    // The team's answer in the reviewer's thread is mailed to them; an internal note is not.
    const threadId = theirs.json().id as string;
    const answer = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/comments/${threadId}/replies`,
      json: { body: 'The ones for goods delivered.' },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const internal = await ownerComment(id, 'internal', 'thirty days', 'Between us: keep thirty.');
    expect(internal.statusCode, internal.body).toBe(201);
    expect((await consumersPerComment()).slice(2)).toEqual([
      ['mail-reviewers', 'notify-mentions'],
      ['notify-mentions'],
    ]);
    await background.drain();
    expect(peer.to(reviewer.email).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^Olga Owner \(.+\) asks you to review "Supply Agreement"$/),
      'Olga Owner answered your comment on "Supply Agreement"',
    ]);
    const bell = await ctx.database.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(and(eq(notifications.userId, owner.userId), eq(notifications.contractId, id)));
    expect(bell).toEqual([{ kind: 'commented' }]);
  });

  it("lets a reviewer resolve and reopen the threads they started, never the team's", async () => {
    const { id } = await createDraft();
    const teams = await ownerComment(id, 'shared', 'ninety days', 'Ninety days protects both of us.');
    const reviewer = await invite(id, 'Jane Cooper');
    const own = await asReviewer(reviewer, {
      method: 'POST',
      json: { visibility: 'shared', anchor: anchorOf('each invoice'), body: 'Which invoices?' },
    });
    const ownId = (own.json() as CommentThread).id;
    const resolved = await asReviewer(reviewer, { method: 'POST', path: `/${ownId}/resolve` });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ resolvedBy: 'Jane Cooper' });
    const reopened = await asReviewer(reviewer, { method: 'POST', path: `/${ownId}/reopen` });
    expect(reopened.json()).toMatchObject({ resolvedAt: null });

    const refused = await asReviewer(reviewer, { method: 'POST', path: `/${teams.json().id}/resolve` });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      'Only the team, or the reviewer who started it, resolves a thread',
    );
    // The team resolves any thread, the reviewer's too.
    const byOwner = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/comments/${ownId}/resolve`,
    });
    expect(byOwner.json()).toMatchObject({ resolvedBy: 'Olga Owner' });
  });

  it('caps what a reviewer sends, and refuses without the cookie or on another reviewer', async () => {
    const { id } = await createDraft();
    const reviewer = await invite(id, 'Jane Cooper');
    const long = await asReviewer(reviewer, {
      method: 'POST',
      json: { visibility: 'shared', anchor: anchorOf('each invoice'), body: 'x'.repeat(5_001) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.field).toBe('body');
    const huge = await asReviewer(reviewer, {
      method: 'POST',
      payload: JSON.stringify({
        visibility: 'shared',
        anchor: anchorOf('each invoice'),
        body: 'x'.repeat(1_100_000),
      }),
    });
    expect(huge.statusCode).toBe(413);

    const bare = await call(ctx, null, { method: 'GET', url: `/api/review/${reviewer.reviewerId}/comments` });
    expect(bare.statusCode).toBe(401);
    expect(bare.json().error.code).toBe('REVIEW_SESSION_EXPIRED');
    // Another contract's reviewer, with their own valid cookie, reaches nothing of this one.
    const other = await invite((await createDraft()).id, 'Sam Other');
    const crossed = await call(ctx, null, {
      method: 'GET',
      url: `/api/review/${reviewer.reviewerId}/comments`,
      headers: { cookie: other.cookie },
    });
    expect(crossed.statusCode).toBe(401);
  });

  it('refuses with REVIEW_CLOSED once the draft is sent for signing', async () => {
    const { id } = await createDraft();
    const shared = await ownerComment(id, 'shared', 'ninety days', 'Ninety days protects both of us.');
    const reviewer = await invite(id, 'Mohammed Ali');
    await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${id}`,
      json: { signers: [{ name: 'Sam Signer', email: `sam-${id.slice(0, 6)}@example.com` }] },
    });
    const sent = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/send` });
    expect(sent.statusCode, sent.body).toBe(200);
    const attempts = [
      await asReviewer(reviewer, { method: 'GET' }),
      await asReviewer(reviewer, {
        method: 'POST',
        json: { visibility: 'shared', anchor: anchorOf('each invoice'), body: 'Too late?' },
      }),
      await asReviewer(reviewer, {
        method: 'POST',
        path: `/${shared.json().id}/replies`,
        json: { body: 'Too late?' },
      }),
    ];
    for (const response of attempts) {
      expect(response.statusCode, response.body).toBe(410);
      expect(response.json().error).toMatchObject({
        code: 'REVIEW_CLOSED',
        message: 'This review has ended: the contract is no longer a draft open for review.',
      });
    }
  });
});
