import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comments, commentThreads, reviewers } from '../../src/server/db/schema';
import { commentLimits } from '../../src/shared/api/comments';
import { quoteAnchor } from '../support/anchors';
import { withMail } from '../support/background';
import { reviewedAgreement as agreement, type InvitedReviewer, inviteReviewer } from '../support/review-link';
import { buildAccount, buildMember, call, testApp } from '../support/test-app';

/**
 * What the other side can reach with a review link, tried the way someone holding one (or
 * guessing at one) would: every answer here is a refusal, or shows only what is theirs to see.
 */
let counter = 0;

const ctx = await testApp();
const owner = await buildAccount(ctx, { name: 'Olga Owner' });
const stranger = await buildAccount(ctx, { name: 'Sid Stranger' });
const { peer, background } = await withMail(ctx);

const anchorOf = (quote: string) => quoteAnchor(agreement, quote);

async function createDraft(account = owner) {
  const response = await call(ctx, account, {
    method: 'POST',
    url: '/api/contracts',
    json: { title: 'Supply Agreement', content: agreement },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string };
}

function invite(contractId: string, name: string, account = owner) {
  counter += 1;
  return inviteReviewer(ctx, { background, peer }, account, contractId, {
    name,
    email: `abuse-${counter}@example.com`,
  });
}

type Reviewer = InvitedReviewer;

const asReviewer = (
  reviewer: Reviewer,
  request: { method: 'GET' | 'POST'; path?: string; json?: unknown; payload?: string; reviewerId?: string },
  cookie = reviewer.cookie,
) => {
  const { path = '', reviewerId = reviewer.reviewerId, ...rest } = request;
  return call(ctx, null, {
    ...rest,
    url: `/api/review/${reviewerId}${path}`,
    headers: {
      cookie,
      ...(rest.payload === undefined ? {} : { 'content-type': 'application/json' }),
    },
  });
};

function teamComment(
  contractId: string,
  visibility: 'internal' | 'shared',
  quote: string,
  body: string,
  account = owner,
) {
  return call(ctx, account, {
    method: 'POST',
    url: `/api/contracts/${contractId}/comments`,
    json: { visibility, anchor: anchorOf(quote), body },
  });
}

async function sendForSigning(contractId: string) {
  const patched = await call(ctx, owner, {
    method: 'PATCH',
    url: `/api/contracts/${contractId}`,
    json: { signers: [{ name: 'Sam Signer', email: `sam-${contractId.slice(0, 6)}@example.com` }] },
  });
  expect(patched.statusCode, patched.body).toBe(200);
  const sent = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${contractId}/send` });
  expect(sent.statusCode, sent.body).toBe(200);
}

describe('a review link in the wrong hands', () => {
  it("never reaches another contract's threads with a thread id from there", async () => {
    const a = await createDraft();
    const b = await createDraft();
    const sharedA = await teamComment(a.id, 'shared', 'ninety days', 'Shared with A only.');
    const internalA = await teamComment(a.id, 'internal', 'each invoice', 'A internal secret.');
    const reviewerA = await invite(a.id, 'Ada A');
    const reviewerB = await invite(b.id, 'Bob B');
    const ownOnA = await asReviewer(reviewerA, {
      method: 'POST',
      path: '/comments',
      json: { visibility: 'shared', anchor: anchorOf('within thirty days'), body: 'From A.' },
    });
    expect(ownOnA.statusCode, ownOnA.body).toBe(201);

    for (const threadId of [sharedA.json().id, internalA.json().id, ownOnA.json().id]) {
      for (const [path, json] of [
        [`/comments/${threadId}/replies`, { body: 'Crossing over' }],
        [`/comments/${threadId}/resolve`, undefined],
        [`/comments/${threadId}/reopen`, undefined],
      ] as const) {
        const response = await asReviewer(reviewerB, { method: 'POST', path, json });
        expect(response.statusCode, `${path}: ${response.body}`).toBe(404);
        expect(response.body).not.toMatch(/Shared with A|A internal secret|From A/);
      }
    }
    const listedB = await asReviewer(reviewerB, { method: 'GET', path: '/comments' });
    expect(listedB.json().items).toEqual([]);
    // Nothing was written on A through B.
    const onA = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${a.id}/comments` });
    expect(onA.body).not.toContain('Crossing over');
    const resolvedOnA = (onA.json().items as { resolvedAt: string | null }[]).filter((t) => t.resolvedAt);
    expect(resolvedOnA).toEqual([]);
  });

  it("refuses one reviewer's cookie for another reviewer, even renamed to theirs", async () => {
    const { id } = await createDraft();
    const first = await invite(id, 'First Reviewer');
    const other = await createDraft();
    const second = await invite(other.id, 'Second Reviewer');
    const renamed = `${second.cookieName}=${first.cookieValue}`;
    for (const path of ['', '/comments']) {
      const response = await asReviewer(second, { method: 'GET', path }, renamed);
      expect(response.statusCode, path).toBe(401);
      expect(response.json().error.code).toBe('REVIEW_SESSION_EXPIRED');
    }
    // A cookie whose expiry was pushed later no longer matches its MAC.
    const [, mac] = first.cookieValue.split('.');
    const extended = `${first.cookieName}=${Date.now() + 365 * 24 * 3600 * 1000}.${mac}`;
    expect((await asReviewer(first, { method: 'GET' }, extended)).statusCode).toBe(401);
  });

  it('shows a reviewer no internal comment through any answer, error or count', async () => {
    const { id } = await createDraft();
    const internal = await teamComment(id, 'internal', 'within fourteen days', 'INTERNAL: floor is ten days');
    const shared = await teamComment(id, 'shared', 'ninety days', 'Ninety days protects both of us.');
    const reviewer = await invite(id, 'Rhea Reviewer');
    const started = await asReviewer(reviewer, {
      method: 'POST',
      path: '/comments',
      json: { visibility: 'shared', anchor: anchorOf('within thirty days'), body: 'Thirty is tight.' },
    });
    const answers = [
      await asReviewer(reviewer, { method: 'GET' }),
      await asReviewer(reviewer, { method: 'GET', path: '/comments' }),
      started,
      await asReviewer(reviewer, {
        method: 'POST',
        path: `/comments/${shared.json().id}/replies`,
        json: { body: 'Fine.' },
      }),
      await asReviewer(reviewer, { method: 'POST', path: `/comments/${started.json().id}/resolve` }),
      await asReviewer(reviewer, { method: 'POST', path: `/comments/${started.json().id}/reopen` }),
      // The same passage as the internal thread: a new shared thread, not the internal one.
      await asReviewer(reviewer, {
        method: 'POST',
        path: '/comments',
        json: { visibility: 'shared', anchor: anchorOf('within fourteen days'), body: 'Fourteen is fine.' },
      }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBeLessThan(300);
      expect(answer.body).not.toContain('INTERNAL');
      expect(answer.body).not.toContain(internal.json().id);
    }
    // An internal thread's id answers exactly as an id that does not exist.
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const suffix of ['/replies', '/resolve', '/reopen']) {
      const asInternal = await asReviewer(reviewer, {
        method: 'POST',
        path: `/comments/${internal.json().id}${suffix}`,
        json: suffix === '/replies' ? { body: 'Peek' } : undefined,
      });
      const asMissing = await asReviewer(reviewer, {
        method: 'POST',
        path: `/comments/${missing}${suffix}`,
        json: suffix === '/replies' ? { body: 'Peek' } : undefined,
      });
      expect(asInternal.statusCode).toBe(404);
      expect(asInternal.json()).toEqual(asMissing.json());
    }
    // The reply e-mail to the reviewer quotes only shared answers.
    await teamComment(id, 'internal', 'within thirty days', 'INTERNAL: do not tell them');
    await background.drain();
    for (const mail of peer.to(reviewer.email)) {
      expect(`${mail.text} ${mail.html}`).not.toContain('INTERNAL');
    }
  });

  it("mentions no one for a reviewer, not even with a team member's id", async () => {
    const { id } = await createDraft();
    const member = await buildMember(ctx, owner);
    const reviewer = await invite(id, 'Mona Mention');
    const created = await asReviewer(reviewer, {
      method: 'POST',
      path: '/comments',
      json: {
        visibility: 'shared',
        anchor: anchorOf('each invoice'),
        body: 'Hello @team',
        mentions: [member.userId, owner.userId, stranger.userId],
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().comments[0].mentions).toEqual([]);
    await background.drain();
    expect(peer.to(member.email).filter((mail) => mail.subject?.includes('mentioned you'))).toEqual([]);
  });
});

describe('the review link itself', () => {
  it('is kept only as a hash, opens until a newer invitation, then leads nowhere', async () => {
    const { id } = await createDraft();
    const reviewer = await invite(id, 'Tom Token');
    expect(reviewer.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await ctx.database.db.select().from(reviewers).where(eq(reviewers.id, reviewer.reviewerId));
    expect(JSON.stringify(row)).not.toContain(reviewer.token);
    // Opening it again (another browser) works while it is the latest link.
    const again = await call(ctx, null, {
      method: 'POST',
      url: '/api/review/open',
      json: { token: reviewer.token },
    });
    expect(again.statusCode).toBe(200);
    // A token one character off, or a prefix, opens nothing.
    for (const token of [
      reviewer.token.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')),
      reviewer.token.slice(0, 42),
      reviewer.token.toLowerCase() === reviewer.token ? `${reviewer.token}x` : reviewer.token.toLowerCase(),
    ]) {
      const opened = await call(ctx, null, { method: 'POST', url: '/api/review/open', json: { token } });
      expect(opened.statusCode, token).toBe(404);
      expect(opened.cookies).toEqual([]);
    }
  });
});

describe('after the review ended', () => {
  it('sends a closed reviewer no reply e-mail, and refuses every reviewer route', async () => {
    const { id } = await createDraft();
    const reviewer = await invite(id, 'Clara Closed');
    const started = await asReviewer(reviewer, {
      method: 'POST',
      path: '/comments',
      json: { visibility: 'shared', anchor: anchorOf('ninety days'), body: 'Sixty?' },
    });
    expect(started.statusCode, started.body).toBe(201);
    await sendForSigning(id);
    await background.drain();
    const before = peer.to(reviewer.email).length;
    const answer = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/comments/${started.json().id}/replies`,
      json: { body: 'Answered after sending' },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    await background.drain();
    expect(peer.to(reviewer.email).slice(before)).toEqual([]);

    const threadId = started.json().id;
    const attempts = [
      await asReviewer(reviewer, { method: 'GET' }),
      await asReviewer(reviewer, { method: 'GET', path: '/comments' }),
      await asReviewer(reviewer, { method: 'POST', path: `/comments/${threadId}/resolve` }),
      await asReviewer(reviewer, { method: 'POST', path: `/comments/${threadId}/reopen` }),
      await asReviewer(reviewer, {
        method: 'POST',
        path: `/comments/${threadId}/replies`,
        json: { body: 'Still here' },
      }),
      await asReviewer(reviewer, {
        method: 'POST',
        path: '/suggestions',
        json: { baseVersion: 1, content: { type: 'doc', content: [{ type: 'paragraph' }] } },
      }),
      await call(ctx, null, { method: 'POST', url: '/api/review/open', json: { token: reviewer.token } }),
    ];
    for (const response of attempts) {
      expect(response.statusCode, response.body).toBe(410);
      expect(response.json().error.code).toBe('REVIEW_CLOSED');
    }
  });
});

describe('what a reviewer sends', () => {
  it('refuses a deeply nested or oversized suggestion before it holds the server', async () => {
    const { id } = await createDraft();
    const reviewer = await invite(id, 'Nell Nested');
    const view = await asReviewer(reviewer, { method: 'GET' });
    const baseVersion = view.json().version.number as number;
    // Deep enough to exhaust a recursive validator, small enough to pass the body's byte cap.
    const depth = 10_000;
    const nested = `{"baseVersion":${baseVersion},"content":{"type":"doc","content":[${'{"type":"blockquote","content":['.repeat(depth)}${']}'.repeat(depth)}]}}`;
    const started = performance.now();
    const deep = await asReviewer(reviewer, { method: 'POST', path: '/suggestions', payload: nested });
    expect(deep.statusCode, deep.body).toBe(400);
    expect(performance.now() - started).toBeLessThan(2_000);

    const huge = JSON.stringify({
      baseVersion,
      content: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'x'.repeat(30 * 1024 * 1024) }] }],
      },
    });
    const tooBig = await asReviewer(reviewer, { method: 'POST', path: '/suggestions', payload: huge });
    expect(tooBig.statusCode).toBe(413);

    // An unknown node type is refused by the editor schema, never stored.
    const foreign = await asReviewer(reviewer, {
      method: 'POST',
      path: '/suggestions',
      json: {
        baseVersion,
        content: { type: 'doc', content: [{ type: 'script', content: [{ type: 'text', text: 'x' }] }] },
      },
    });
    expect(foreign.statusCode, foreign.body).toBe(400);

    // Nor a link that would run in the team's browser when they open the redline.
    const scripted = await asReviewer(reviewer, {
      method: 'POST',
      path: '/suggestions',
      json: {
        baseVersion,
        content: {
          type: 'doc',
          content: [
            {
              type: 'paragraph',
              content: [
                {
                  type: 'text',
                  text: 'Click here',
                  marks: [{ type: 'link', attrs: { href: 'javascript:alert(document.cookie)' } }],
                },
              ],
            },
          ],
        },
      },
    });
    expect(scripted.statusCode, scripted.body).toBe(400);
    expect(scripted.json().error.message).toContain('Links may only point to http, https or mailto');
    const listed = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/suggestions` });
    expect(listed.json().items).toEqual([]);
  });

  it('escapes markup in reviewer names and comments in the HTML of every e-mail', async () => {
    const { id } = await createDraft();
    const hostile = '<img src=x onerror=alert(1)> Eve';
    const reviewer = await invite(id, hostile);
    expect(reviewer.mail?.html).not.toContain('<img src=x');
    expect(reviewer.mail?.html).toContain('&lt;img src=x onerror=alert(1)&gt; Eve');
    const started = await asReviewer(reviewer, {
      method: 'POST',
      path: '/comments',
      json: { visibility: 'shared', anchor: anchorOf('ninety days'), body: '<b>bold</b> question' },
    });
    expect(started.statusCode, started.body).toBe(201);
    const answer = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/comments/${started.json().id}/replies`,
      json: { body: '<script>alert("x")</script> and <a href="javascript:1">here</a>' },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    await background.drain();
    const told = peer.to(reviewer.email).find((mail) => mail.subject?.includes('answered your comment'));
    expect(told).toBeDefined();
    expect(told?.html).not.toMatch(/<script|<a href="javascript/);
    expect(told?.html).toContain('&lt;script&gt;');
  });

  it("keeps one reviewer's hands off another reviewer's threads, and e-mails only those who wrote", async () => {
    const { id } = await createDraft();
    const first = await invite(id, 'Fay First');
    const second = await invite(id, 'Sol Second');
    const started = await asReviewer(first, {
      method: 'POST',
      path: '/comments',
      json: { visibility: 'shared', anchor: anchorOf('ninety days'), body: 'Mine to settle.' },
    });
    expect(started.statusCode, started.body).toBe(201);
    for (const action of ['resolve', 'reopen']) {
      const refused = await asReviewer(second, {
        method: 'POST',
        path: `/comments/${started.json().id}/${action}`,
      });
      expect(refused.statusCode, refused.body).toBe(403);
    }
    await background.drain();
    const before = peer.to(second.email).length;
    const answer = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/comments/${started.json().id}/replies`,
      json: { body: 'Sixty, then.' },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    await background.drain();
    expect(peer.to(second.email).slice(before)).toEqual([]);
    expect(peer.to(first.email).at(-1)?.text).toContain('Sixty, then.');
  });

  it('writes no header of its own from a reviewer name with a line break', async () => {
    const { id } = await createDraft();
    counter += 1;
    const email = `abuse-${counter}@example.com`;
    const sent = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/review`,
      json: { reviewers: [{ name: 'Eve\r\nBcc: injected@example.com\r\nX-Injected: yes', email }] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await background.drain();
    const mail = peer.to(email).at(-1);
    expect(mail).toBeDefined();
    expect(mail?.headers.has('x-injected')).toBe(false);
    expect(mail?.headers.has('bcc')).toBe(false);
    expect(peer.to('injected@example.com')).toEqual([]);
  });

  it("caps how many comments one reviewer writes, so the team's room for threads stays", async () => {
    const { id } = await createDraft();
    const reviewer = await invite(id, 'Flo Flood');
    const started = await asReviewer(reviewer, {
      method: 'POST',
      path: '/comments',
      json: { visibility: 'shared', anchor: anchorOf('ninety days'), body: 'One' },
    });
    expect(started.statusCode, started.body).toBe(201);
    // Fill up to the cap directly: threads of one comment each, as the reviewer.
    const { db } = ctx.database;
    const now = new Date();
    const threads = await db
      .insert(commentThreads)
      .values(
        Array.from({ length: commentLimits.commentsPerReviewer - 1 }, () => ({
          contractId: id,
          visibility: 'shared' as const,
          quote: 'ninety days',
          prefix: '',
          suffix: '',
          anchorStart: 0,
          anchorEnd: 11,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: commentThreads.id });
    await db.insert(comments).values(
      threads.map((thread) => ({
        threadId: thread.id,
        authorReviewerId: reviewer.reviewerId,
        byReviewer: true,
        authorName: 'Flo Flood',
        body: 'Flood',
        createdAt: now,
      })),
    );
    const thread = await asReviewer(reviewer, {
      method: 'POST',
      path: '/comments',
      json: { visibility: 'shared', anchor: anchorOf('each invoice'), body: 'One more' },
    });
    expect(thread.statusCode, thread.body).toBe(413);
    expect(thread.json().error.message).toBe(
      `A reviewer writes at most ${commentLimits.commentsPerReviewer} comments on a draft`,
    );
    const reply = await asReviewer(reviewer, {
      method: 'POST',
      path: `/comments/${started.json().id}/replies`,
      json: { body: 'One more' },
    });
    expect(reply.statusCode, reply.body).toBe(413);
    // The team still comments.
    const team = await teamComment(id, 'internal', 'each invoice', 'Still ours to write');
    expect(team.statusCode, team.body).toBe(201);
  });
});

describe("the team's routes", () => {
  it("show another organization nothing of a contract's reviewers or suggestions", async () => {
    const { id } = await createDraft();
    const reviewer = await invite(id, 'Priya Private');
    const made = await asReviewer(reviewer, {
      method: 'POST',
      path: '/suggestions',
      json: {
        baseVersion: (await asReviewer(reviewer, { method: 'GET' })).json().version.number,
        content: {
          type: 'doc',
          content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Rewritten entirely.' }] }],
        },
      },
    });
    expect(made.statusCode, made.body).toBe(201);
    const suggestionId = made.json().id;
    for (const request of [
      { method: 'GET' as const, url: `/api/contracts/${id}/reviewers` },
      { method: 'GET' as const, url: `/api/contracts/${id}/suggestions` },
      { method: 'GET' as const, url: `/api/contracts/${id}/suggestions/${suggestionId}` },
      { method: 'GET' as const, url: `/api/contracts/${id}/comments` },
      {
        method: 'POST' as const,
        url: `/api/contracts/${id}/suggestions/${suggestionId}/decide`,
        json: { accept: [] },
      },
    ]) {
      const response = await call(ctx, stranger, request);
      expect(response.statusCode, request.url).toBe(404);
      expect(response.body).not.toContain(reviewer.email);
    }
    // A suggestion id of this contract under the stranger's own contract is not found either.
    const theirs = await createDraft(stranger);
    const crossed = await call(ctx, stranger, {
      method: 'GET',
      url: `/api/contracts/${theirs.id}/suggestions/${suggestionId}`,
    });
    expect(crossed.statusCode).toBe(404);
    const decided = await call(ctx, stranger, {
      method: 'POST',
      url: `/api/contracts/${theirs.id}/suggestions/${suggestionId}/decide`,
      json: { accept: [1] },
    });
    expect(decided.statusCode).toBe(404);
  });
});
