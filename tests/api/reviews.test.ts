import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractHistory, notifications } from '../../src/server/db/schema';
import { importDocx } from '../../src/server/docx/import-docx';
import type { EditorDocument } from '../../src/shared/api/editor-document';
import { withMail } from '../support/background';
import { type InvitedReviewer, inviteReviewer } from '../support/review-link';
import { buildAccount, call, testApp } from '../support/test-app';

let v1: EditorDocument;
let v2: EditorDocument;
let counter = 0;

const fixture = async (name: string) =>
  JSON.parse(
    (await importDocx(readFileSync(new URL(`../fixtures/redline/${name}`, import.meta.url)))).contentJson,
  ) as EditorDocument;

const ctx = await testApp();
const owner = await buildAccount(ctx, { name: 'Łukasz Żółć' });
const stranger = await buildAccount(ctx);
const { peer, background } = await withMail(ctx);

beforeAll(async () => {
  v1 = await fixture('supply-v1.docx');
  v2 = await fixture('supply-v2.docx');
});

function reviewer(name: string) {
  counter += 1;
  return { name, email: `reviewer-${counter}@example.com` };
}

async function draft(content = v1) {
  const response = await call(ctx, owner, {
    method: 'POST',
    url: '/api/contracts',
    json: { title: 'Supply Agreement', content },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; revision: number };
}

/** Sends for review, delivers the e-mail, and opens the link as the reviewer's browser would. */
const invite = (contractId: string, person: { name: string; email: string }) =>
  inviteReviewer(ctx, { background, peer }, owner, contractId, person);

type Browser = InvitedReviewer;

const asReviewer = (browser: Browser, request: { method: 'GET' | 'POST'; url: string; json?: unknown }) =>
  call(ctx, null, { ...request, headers: { cookie: browser.cookie } });

describe('a review by the other side', () => {
  it('invites by e-mail, shows the reviewer the latest version, and takes their suggestion', async () => {
    const { id } = await draft();
    const anna = reviewer('Анна Кузнецова');
    const browser = await invite(id, anna);
    expect(browser.mail?.subject).toMatch(/^Łukasz Żółć \(.+\) asks you to review "Supply Agreement"$/);
    const view = await asReviewer(browser, { method: 'GET', url: `/api/review/${browser.reviewerId}` });
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toMatchObject({
      reviewer: { name: 'Анна Кузнецова' },
      title: 'Supply Agreement',
      senderName: 'Łukasz Żółć',
      version: { number: 2 },
      suggestions: [],
    });
    // Round = the version sent for review; the history says so.
    const history = await ctx.database.db
      .select({ action: contractHistory.action, details: contractHistory.details })
      .from(contractHistory)
      .where(eq(contractHistory.contractId, id));
    expect(history).toContainEqual({
      action: 'review_sent',
      details: 'Version 2 sent for review to Анна Кузнецова',
    });

    const suggested = await asReviewer(browser, {
      method: 'POST',
      url: `/api/review/${browser.reviewerId}/suggestions`,
      json: { baseVersion: 2, content: v2, note: 'Shorter delivery, one more item.' },
    });
    expect(suggested.statusCode, suggested.body).toBe(201);
    expect(suggested.json()).toMatchObject({
      status: 'open',
      baseVersion: 2,
      reviewer: { name: 'Анна Кузнецова' },
    });
    // Nothing changed in the draft; the owner is told in the bell.
    const stored = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}` });
    expect(stored.json().revision).toBe(1);
    await background.drain();
    const bell = await ctx.database.db.select().from(notifications).where(eq(notifications.contractId, id));
    expect(bell.map((row) => row.message)).toContain(
      'Анна Кузнецова suggested changes to "Supply Agreement"',
    );
  });

  it('lets the owner accept some changes and reject the rest: a new version, and the reviewer told', async () => {
    const { id } = await draft();
    const browser = await invite(id, reviewer('Ελένη Παπαδοπούλου'));
    const suggested = await asReviewer(browser, {
      method: 'POST',
      url: `/api/review/${browser.reviewerId}/suggestions`,
      json: { baseVersion: 2, content: v2 },
    });
    const suggestionId = suggested.json().id as string;
    const shown = await call(ctx, owner, {
      method: 'GET',
      url: `/api/contracts/${id}/suggestions/${suggestionId}`,
    });
    expect(shown.statusCode, shown.body).toBe(200);
    const { changes, draftChanged } = shown.json() as {
      changes: { id: number; inserted: string; deleted: string }[];
      draftChanged: boolean;
    };
    expect(draftChanged).toBe(false);
    expect(changes[0]).toEqual({ id: 1, inserted: 'fourteen', deleted: 'thirty' });
    const washers = changes.find((change) => change.inserted.includes('Washers'));
    const sixty = changes.find((change) => change.deleted === 'sixty');
    expect(washers && sixty).toBeTruthy();

    // Accept the delivery term and the new row; reject everything else (the payment term among it).
    const decided = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/suggestions/${suggestionId}/decide`,
      json: { accept: [1, 2, washers?.id], baseRevision: 1 },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const text = JSON.stringify(decided.json().content);
    expect(text).toContain('fourteen');
    expect(text).toContain('Washers M8');
    expect(text).toContain('sixty');
    expect(text).not.toContain('notifies the Buyer');
    expect(decided.json().revision).toBe(2);
    const versions = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/versions` });
    expect(versions.json().items[0]).toMatchObject({ number: 3, kind: 'suggestions' });
    const list = await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/suggestions` });
    expect(list.json().items[0]).toMatchObject({
      status: 'partly_accepted',
      accepted: 3,
      rejected: changes.length - 3,
    });
    await background.drain();
    const told = peer.to(browser.mail?.to ?? '').at(-1);
    expect(told?.subject).toBe('Łukasz Żółć went through your suggestions on "Supply Agreement"');
    expect(told?.text).toContain(`Of ${changes.length} changes suggested by Ελένη Παπαδοπούλου, 3 accepted`);

    // Decided once only.
    const again = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/suggestions/${suggestionId}/decide`,
      json: { accept: [] },
    });
    expect(again.statusCode).toBe(400);
  });

  it('merges a suggestion on an older version into a draft changed elsewhere, and refuses a clash', async () => {
    const { id } = await draft();
    const browser = await invite(id, reviewer('王小明'));
    const suggested = await asReviewer(browser, {
      method: 'POST',
      url: `/api/review/${browser.reviewerId}/suggestions`,
      json: { baseVersion: 2, content: v2 },
    });
    // The owner meanwhile edits the governing-law clause (the last paragraph) only.
    const edited = structuredClone(v1);
    const last = edited.content?.at(-1);
    if (last?.content?.[0])
      last.content[0].text = 'This Agreement is governed by the laws of Poland, excluding CISG.';
    const saved = await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${id}`,
      json: { content: edited },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // The other side reads what was sent to them, not the team's edits since.
    const still = await asReviewer(browser, { method: 'GET', url: `/api/review/${browser.reviewerId}` });
    expect(still.json().version.number).toBe(2);
    expect(JSON.stringify(still.json().version.content)).not.toContain('excluding CISG');
    const suggestionId = suggested.json().id as string;
    const shown = await call(ctx, owner, {
      method: 'GET',
      url: `/api/contracts/${id}/suggestions/${suggestionId}`,
    });
    expect(shown.json().draftChanged).toBe(true);
    const decided = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/suggestions/${suggestionId}/decide`,
      json: { accept: [1, 2] },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const text = JSON.stringify(decided.json().content);
    expect(text).toContain('fourteen');
    expect(text).toContain('excluding CISG');

    // A second suggestion, still on the version sent for review, changing the delivery clause
    // the owner has since accepted another change to: it clashes with it.
    const fresh = await asReviewer(browser, { method: 'GET', url: `/api/review/${browser.reviewerId}` });
    const reviewed = fresh.json().version as { number: number; content: EditorDocument };
    expect(reviewed.number).toBe(2);
    const other = await asReviewer(browser, {
      method: 'POST',
      url: `/api/review/${browser.reviewerId}/suggestions`,
      json: {
        baseVersion: reviewed.number,
        content: JSON.parse(JSON.stringify(reviewed.content).replace('thirty (30)', 'seven (7)')),
      },
    });
    expect(other.statusCode, other.body).toBe(201);
    const clash = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/suggestions/${other.json().id}/decide`,
      json: { accept: [1] },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.code).toBe('SUGGESTION_CONFLICT');
  });

  it('merges the accepted change when the one that clashes with the team is rejected', async () => {
    const { id } = await draft();
    const browser = await invite(id, reviewer('Ελένη Παπαδοπούλου'));
    const sent = await asReviewer(browser, { method: 'GET', url: `/api/review/${browser.reviewerId}` });
    const reviewed = sent.json().version as { number: number; content: EditorDocument };
    // Two changes: the delivery term, which the team leaves alone, and the governing law.
    const suggestion = structuredClone(reviewed.content);
    const lastOf = (document: EditorDocument) => document.content?.at(-1)?.content?.[0];
    const reviewersLaw = lastOf(suggestion);
    if (!reviewersLaw) throw new Error('the fixture ends without a governing-law clause');
    reviewersLaw.text = 'This Agreement is governed by the laws of England and Wales.';
    const suggested = await asReviewer(browser, {
      method: 'POST',
      url: `/api/review/${browser.reviewerId}/suggestions`,
      json: {
        baseVersion: reviewed.number,
        content: JSON.parse(JSON.stringify(suggestion).replace('thirty (30)', 'seven (7)')),
      },
    });
    expect(suggested.statusCode, suggested.body).toBe(201);
    // Meanwhile the team rewrites the governing law its own way.
    const edited = structuredClone(reviewed.content);
    const teamsLaw = lastOf(edited);
    if (teamsLaw) teamsLaw.text = 'This Agreement is governed by the laws of Poland, excluding CISG.';
    const saved = await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${id}`,
      json: { content: edited },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const shown = await call(ctx, owner, {
      method: 'GET',
      url: `/api/contracts/${id}/suggestions/${suggested.json().id}`,
    });
    const changes = shown.json().changes as { id: number; inserted: string; deleted: string }[];
    // The delivery term is two changes (seven for thirty, 7 for 30), the governing law one.
    const delivery = changes.filter((change) => !`${change.inserted}${change.deleted}`.includes('Poland'));
    expect(delivery.length).toBeGreaterThan(0);
    expect(delivery.length).toBeLessThan(changes.length);
    // Accepting everything clashes with the team's rewrite…
    const all = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/suggestions/${suggested.json().id}/decide`,
      json: { accept: changes.map((change) => change.id) },
    });
    expect(all.statusCode).toBe(409);
    // …so the owner rejects the governing-law change, as the refusal says, and accepts the rest.
    const decided = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/suggestions/${suggested.json().id}/decide`,
      json: { accept: delivery.map((change) => change.id) },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const text = JSON.stringify(decided.json().content);
    expect(text).toContain('seven (7)');
    expect(text).not.toContain('thirty (30)');
    expect(text).toContain('laws of Poland, excluding CISG');
    expect(text).not.toContain('England and Wales');
  });

  it('ends when the draft is sent for signing: the link and the cookie lead nowhere', async () => {
    const { id } = await draft();
    const browser = await invite(id, reviewer('محمد العلي'));
    await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/contracts/${id}`,
      json: { signers: [{ name: 'Sam Signer', email: `sam-${id.slice(0, 6)}@example.com` }] },
    });
    const sent = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${id}/send` });
    expect(sent.statusCode, sent.body).toBe(200);
    const view = await asReviewer(browser, { method: 'GET', url: `/api/review/${browser.reviewerId}` });
    expect(view.statusCode).toBe(410);
    expect(view.json().error.code).toBe('REVIEW_CLOSED');
    const reopened = await call(ctx, null, {
      method: 'POST',
      url: '/api/review/open',
      json: { token: browser.token },
    });
    expect(reopened.statusCode).toBe(410);
  });

  it('refuses a reviewer without their cookie, a forged one, and another organization', async () => {
    const { id } = await draft();
    const browser = await invite(id, reviewer('Jane Cooper'));
    const bare = await call(ctx, null, { method: 'GET', url: `/api/review/${browser.reviewerId}` });
    expect(bare.statusCode).toBe(401);
    const forged = await call(ctx, null, {
      method: 'GET',
      url: `/api/review/${browser.reviewerId}`,
      headers: { cookie: browser.cookie.replace(/.$/, (last) => (last === 'A' ? 'B' : 'A')) },
    });
    expect(forged.statusCode).toBe(401);
    const wrong = await call(ctx, null, {
      method: 'POST',
      url: '/api/review/open',
      json: { token: 'x'.repeat(43) },
    });
    expect(wrong.statusCode).toBe(404);
    for (const url of [`/api/contracts/${id}/reviewers`, `/api/contracts/${id}/suggestions`]) {
      expect((await call(ctx, stranger, { method: 'GET', url })).statusCode).toBe(404);
    }
    const foreign = await call(ctx, stranger, {
      method: 'POST',
      url: `/api/contracts/${id}/review`,
      json: { reviewers: [reviewer('Mallory')] },
    });
    expect(foreign.statusCode).toBe(404);
    // A new invitation replaces the link: the old one no longer opens.
    const again = await invite(id, { name: 'Jane Cooper', email: browser.mail?.to ?? '' });
    expect(again.reviewerId).toBe(browser.reviewerId);
    const old = await call(ctx, null, {
      method: 'POST',
      url: '/api/review/open',
      json: { token: browser.token },
    });
    expect(old.statusCode).toBe(404);
    // Nor does a session opened with it: whoever holds the old link's cookie is out too.
    const url = `/api/review/${browser.reviewerId}`;
    const stale = await asReviewer(browser, { method: 'GET', url });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().error.code).toBe('REVIEW_SESSION_EXPIRED');
    expect((await asReviewer(again, { method: 'GET', url })).statusCode).toBe(200);
  });
});
