import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documentPlainText } from '../../src/editor/comments/plain-text';
import { comments, commentThreads, mailMessages, notifications, reviewers } from '../../src/server/db/schema';
import { createThread } from '../../src/server/services/comments/create-thread';
import { listThreads } from '../../src/server/services/comments/list-threads';
import { replyToThread } from '../../src/server/services/comments/reply-to-thread';
import { commentLimits } from '../../src/shared/api/comments';
import type { EditorDocument } from '../../src/shared/api/editor-document';
import { quoteAnchor } from '../support/anchors';
import { withMail } from '../support/background';
import { buildAccount, buildMember, call, type TestAccount, testApp } from '../support/test-app';

const ctx = await testApp();
const owner = await buildAccount(ctx, { name: 'Olga Owner' });
const colleague = await buildMember(ctx, owner);
const stranger = await buildAccount(ctx);
const { peer, background } = await withMail(ctx);

const paragraphs = (...texts: string[]): EditorDocument => ({
  type: 'doc',
  content: texts.map((text) => ({ type: 'paragraph', content: [{ type: 'text', text }] })),
});

const agreement = paragraphs(
  'The Supplier delivers the goods within thirty days of the order.',
  'The Buyer pays each invoice within fourteen days.',
  'Either party may end this agreement with ninety days of notice.',
);

async function createDraft(content: EditorDocument = agreement) {
  const response = await call(ctx, owner, {
    method: 'POST',
    url: '/api/contracts',
    json: { title: 'Supply Agreement', content },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; revision: number };
}

const anchorOf = (content: EditorDocument, quote: string) => quoteAnchor(content, quote);

function comment(
  account: TestAccount,
  contractId: string,
  json: { visibility?: string; anchor: unknown; body?: string; mentions?: string[] },
) {
  return call(ctx, account, {
    method: 'POST',
    url: `/api/contracts/${contractId}/comments`,
    json: { visibility: 'internal', body: 'Thirty days is too long.', ...json },
  });
}

async function threadsOf(account: TestAccount, contractId: string) {
  const response = await call(ctx, account, { method: 'GET', url: `/api/contracts/${contractId}/comments` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items as {
    id: string;
    visibility: string;
    anchor: { quote: string; start: number; end: number };
    detachedAt: string | null;
    resolvedAt: string | null;
    resolvedBy: string | null;
    comments: { body: string; author: { kind: string; name: string }; mentions: { id: string }[] }[];
  }[];
}

describe('comment threads', () => {
  it('starts a thread on a passage, takes replies, resolves and reopens, and never touches the contract', async () => {
    const draft = await createDraft();
    const created = await comment(owner, draft.id, { anchor: anchorOf(agreement, 'within thirty days') });
    expect(created.statusCode, created.body).toBe(201);
    const thread = created.json();
    expect(thread).toMatchObject({
      visibility: 'internal',
      anchor: { quote: 'within thirty days', prefix: 'The Supplier delivers the goods ', start: 32 },
      detachedAt: null,
      resolvedAt: null,
      comments: [{ body: 'Thirty days is too long.', author: { kind: 'user', name: 'Olga Owner' } }],
    });

    const reply = await call(ctx, colleague, {
      method: 'POST',
      url: `/api/contracts/${draft.id}/comments/${thread.id}/replies`,
      json: { body: 'Agreed, fourteen at most.' },
    });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(reply.json().comments.map((c: { body: string }) => c.body)).toEqual([
      'Thirty days is too long.',
      'Agreed, fourteen at most.',
    ]);

    const resolved = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${draft.id}/comments/${thread.id}/resolve`,
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.json()).toMatchObject({ resolvedBy: 'Olga Owner' });
    expect(resolved.json().resolvedAt).not.toBeNull();
    const reopened = await call(ctx, colleague, {
      method: 'POST',
      url: `/api/contracts/${draft.id}/comments/${thread.id}/reopen`,
    });
    expect(reopened.json()).toMatchObject({ resolvedAt: null, resolvedBy: null });

    // The contract itself: same revision, one version, no history entry for the comments.
    const stored = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${draft.id}` });
    expect(stored.json().revision).toBe(draft.revision);
    const versions = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${draft.id}/versions` });
    expect(versions.json().items).toHaveLength(1);
  });

  it('refuses a passage that is not in the saved content: save the draft first', async () => {
    const draft = await createDraft();
    const unsaved = paragraphs('The Supplier delivers the goods within ten days of the order.');
    const response = await comment(owner, draft.id, { anchor: anchorOf(unsaved, 'within ten days') });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe('Save the draft first to comment on text you just wrote');
  });

  it('follows its passage through saves and says so when the passage is deleted', async () => {
    const draft = await createDraft();
    const thread = (
      await comment(owner, draft.id, { anchor: anchorOf(agreement, 'within fourteen days') })
    ).json();
    const save = async (content: EditorDocument, baseRevision: number) => {
      const response = await call(ctx, owner, {
        method: 'PATCH',
        url: `/api/contracts/${draft.id}`,
        json: { content, baseRevision },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().revision as number;
    };
    // Text added before the passage: it moves.
    const moved = paragraphs(
      'Definitions come first.',
      'The Supplier delivers the goods within thirty days of the order.',
      'The Buyer pays each invoice within fourteen days.',
      'Either party may end this agreement with ninety days of notice.',
    );
    let revision = await save(moved, draft.revision);
    let [found] = await threadsOf(owner, draft.id);
    expect(found?.anchor).toMatchObject({
      quote: 'within fourteen days',
      start: documentPlainText(moved).text.indexOf('within fourteen days'),
    });
    // The passage itself edited: the text between its context is the passage now.
    revision = await save(
      paragraphs(
        'Definitions come first.',
        'The Supplier delivers the goods within thirty days of the order.',
        'The Buyer pays each invoice within twenty-one days.',
        'Either party may end this agreement with ninety days of notice.',
      ),
      revision,
    );
    [found] = await threadsOf(owner, draft.id);
    expect(found?.anchor.quote).toBe('within twenty-one days');
    expect(found?.detachedAt).toBeNull();
    // The paragraph deleted: detached, the quote kept.
    revision = await save(
      paragraphs(
        'Definitions come first.',
        'The Supplier delivers the goods within thirty days of the order.',
        'Either party may end this agreement with ninety days of notice.',
      ),
      revision,
    );
    [found] = await threadsOf(owner, draft.id);
    expect(found?.id).toBe(thread.id);
    expect(found?.detachedAt).not.toBeNull();
    expect(found?.anchor.quote).toBe('within twenty-one days');
    // Restoring the version that had it brings the thread back to its passage.
    const restore = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${draft.id}/versions/2/restore`,
      json: { baseRevision: revision },
    });
    expect(restore.statusCode, restore.body).toBe(200);
    [found] = await threadsOf(owner, draft.id);
    expect(found?.detachedAt).toBeNull();
  });

  it('notifies the people mentioned by bell and queues their e-mail, once', async () => {
    const draft = await createDraft();
    const response = await comment(owner, draft.id, {
      anchor: anchorOf(agreement, 'ninety days'),
      body: 'Can we live with this?',
      mentions: [colleague.userId, stranger.userId, owner.userId],
    });
    expect(response.statusCode, response.body).toBe(201);
    // Only members of the organization are mentioned, never the author.
    expect(response.json().comments[0].mentions.map((m: { id: string }) => m.id)).toEqual([colleague.userId]);
    await background.drain();
    await background.drain();
    const notes = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.contractId, draft.id), eq(notifications.kind, 'mentioned')));
    expect(notes.map((note) => [note.userId, note.message])).toEqual([
      [colleague.userId, 'Olga Owner mentioned you on "Supply Agreement": Can we live with this?'],
    ]);
    const mail = await ctx.database.db
      .select()
      .from(mailMessages)
      .where(and(eq(mailMessages.contractId, draft.id), eq(mailMessages.kind, 'comment_mention')));
    expect(mail).toHaveLength(1);
    expect(mail[0]?.toEmail).toBe(colleague.email);
    expect(peer.to(colleague.email).map((received) => received.subject)).toEqual([
      'Olga Owner mentioned you on "Supply Agreement"',
    ]);
  });

  it('gives a reviewer only shared threads, and lets a reviewer write only shared ones', async () => {
    const draft = await createDraft();
    const internal = await comment(owner, draft.id, { anchor: anchorOf(agreement, 'thirty days') });
    const shared = await comment(owner, draft.id, {
      visibility: 'shared',
      anchor: anchorOf(agreement, 'fourteen days'),
      body: 'Please confirm.',
    });
    expect(internal.statusCode).toBe(201);
    expect(shared.statusCode).toBe(201);
    const [reviewer] = await ctx.database.db
      .insert(reviewers)
      .values({
        contractId: draft.id,
        name: 'Rita Reviewer',
        email: 'rita@example.com',
        tokenHash: `hash-${draft.id}`,
        invitedAt: new Date(),
        round: 1,
      })
      .returning({ id: reviewers.id });
    if (!reviewer) throw new Error('no reviewer');
    const asReviewer = { db: ctx.database.db, reviewerId: reviewer.id };
    const seen = await listThreads(asReviewer, draft.id);
    expect(seen.items.map((thread) => thread.id)).toEqual([shared.json().id]);
    // A reply to an internal thread: not found for the reviewer.
    await expect(
      replyToThread(asReviewer, draft.id, internal.json().id, { body: 'Hello', mentions: [] }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      createThread(asReviewer, draft.id, {
        visibility: 'internal',
        anchor: anchorOf(agreement, 'ninety days'),
        body: 'Sneaky',
        mentions: [],
      }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    const own = await createThread(asReviewer, draft.id, {
      visibility: 'shared',
      anchor: anchorOf(agreement, 'ninety days'),
      body: 'Sixty would suit us.',
      mentions: [colleague.userId],
    });
    await replyToThread(asReviewer, draft.id, shared.json().id, { body: 'Confirmed.', mentions: [] });
    const [written] = await ctx.database.db.select().from(comments).where(eq(comments.threadId, own.id));
    expect(written).toMatchObject({ byReviewer: true, authorReviewerId: reviewer.id, mentions: [] });
    // The team sees the reviewer's comments, named as a reviewer's.
    const team = await threadsOf(owner, draft.id);
    expect(team.find((thread) => thread.id === own.id)?.comments[0]?.author).toMatchObject({
      kind: 'reviewer',
      name: 'Rita Reviewer',
    });
    // Another contract's reviewer reaches nothing; a closed review says it has ended, as every
    // reviewer route does.
    const other = await createDraft();
    await expect(listThreads(asReviewer, other.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await ctx.database.db
      .update(reviewers)
      .set({ closedAt: new Date() })
      .where(eq(reviewers.id, reviewer.id));
    await expect(listThreads(asReviewer, draft.id)).rejects.toMatchObject({ code: 'REVIEW_CLOSED' });
  });

  it('caps a comment at 5,000 characters, a thread at 200 comments and a contract at 2,000 threads', async () => {
    const draft = await createDraft();
    const anchor = anchorOf(agreement, 'The Buyer');
    const long = await comment(owner, draft.id, {
      anchor,
      body: 'x'.repeat(commentLimits.bodyCharacters + 1),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toContain('5,000 characters');
    const exact = await comment(owner, draft.id, { anchor, body: 'x'.repeat(commentLimits.bodyCharacters) });
    expect(exact.statusCode).toBe(201);

    // A thread filled to its cap refuses the next reply.
    const threadId = exact.json().id as string;
    await ctx.database.db.insert(comments).values(
      Array.from({ length: commentLimits.commentsPerThread - 1 }, (_, n) => ({
        threadId,
        authorUserId: owner.userId,
        authorName: 'Olga Owner',
        body: `reply ${n}`,
      })),
    );
    const over = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${draft.id}/comments/${threadId}/replies`,
      json: { body: 'one too many' },
    });
    expect(over.statusCode).toBe(413);

    // A contract filled to its cap refuses the next thread.
    await ctx.database.db.insert(commentThreads).values(
      Array.from({ length: commentLimits.threadsPerContract - 1 }, () => ({
        contractId: draft.id,
        visibility: 'internal' as const,
        quote: anchor.quote,
        prefix: anchor.prefix,
        suffix: anchor.suffix,
        anchorStart: anchor.start,
        anchorEnd: anchor.end,
      })),
    );
    const full = await comment(owner, draft.id, { anchor });
    expect(full.statusCode).toBe(413);
    expect(full.json().error.message).toContain('2,000 comment threads');
  });

  it("answers 404 for another organization's contract and threads", async () => {
    const draft = await createDraft();
    const thread = (await comment(owner, draft.id, { anchor: anchorOf(agreement, 'The Supplier') })).json();
    const list = await call(ctx, stranger, { method: 'GET', url: `/api/contracts/${draft.id}/comments` });
    expect(list.statusCode).toBe(404);
    const write = await comment(stranger, draft.id, { anchor: anchorOf(agreement, 'The Supplier') });
    expect(write.statusCode).toBe(404);
    const resolve = await call(ctx, stranger, {
      method: 'POST',
      url: `/api/contracts/${draft.id}/comments/${thread.id}/resolve`,
    });
    expect(resolve.statusCode).toBe(404);
    const own = await call(ctx, stranger, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'Theirs', content: agreement },
    });
    const crossed = await call(ctx, stranger, {
      method: 'POST',
      url: `/api/contracts/${own.json().id}/comments/${thread.id}/replies`,
      json: { body: 'hi' },
    });
    expect(crossed.statusCode).toBe(404);
  });
});
