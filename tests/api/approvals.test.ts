import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contractHistory, events, memberships, notifications } from '../../src/server/db/schema';
import { withMail } from '../support/background';
import { inviteReviewer } from '../support/review-link';
import {
  buildAccount,
  buildMember,
  call,
  sampleDocument,
  type TestAccount,
  testApp,
} from '../support/test-app';

const ctx = await testApp();
const admin = await buildAccount(ctx, { name: 'Ada Admin' });
const secondAdmin = await buildMember(ctx, admin);
const drafter = await buildMember(ctx, admin);
const approver = await buildMember(ctx, admin);
const stranger = await buildAccount(ctx);
const { peer, background } = await withMail(ctx);
let salesProject: string;

const nameOf = async (account: TestAccount) =>
  (await call(ctx, account, { method: 'GET', url: '/api/auth/me' })).json().user.name as string;

beforeAll(async () => {
  await ctx.database.db
    .update(memberships)
    .set({ role: 'admin' })
    .where(
      and(eq(memberships.userId, secondAdmin.userId), eq(memberships.organizationId, admin.organizationId)),
    );
  const project = await call(ctx, admin, { method: 'POST', url: '/api/projects', json: { name: 'Sales' } });
  expect(project.statusCode, project.body).toBe(201);
  salesProject = project.json().id;
});

async function draft(account: TestAccount, projectId?: string, text = 'The Supplier delivers in 30 days.') {
  const created = await call(ctx, account, {
    method: 'POST',
    url: '/api/contracts',
    json: {
      title: 'Supply Agreement',
      content: sampleDocument(text),
      ...(projectId ? { projectId } : {}),
      signers: [{ name: 'Sam Signer', email: 'sam.approvals@example.com' }],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json() as { id: string; revision: number };
}

const approval = (account: TestAccount, id: string) =>
  call(ctx, account, { method: 'GET', url: `/api/contracts/${id}/approval` });
const request = (account: TestAccount, id: string) =>
  call(ctx, account, { method: 'POST', url: `/api/contracts/${id}/approval/request` });
/** The contract as the account reads it (the revision a decision is made on). */
const read = async (account: TestAccount, id: string) => {
  const response = await call(ctx, account, { method: 'GET', url: `/api/contracts/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { revision: number; content: unknown; title: string };
};
/** Decides on the draft as the approver reads it now, unless told which revision they read. */
const decide = async (
  account: TestAccount,
  id: string,
  decision: 'approve' | 'reject',
  comment = '',
  baseRevision?: number,
) =>
  call(ctx, account, {
    method: 'POST',
    url: `/api/contracts/${id}/approval/decision`,
    json: {
      decision,
      comment,
      // Someone who cannot read it (another organization) names the first revision.
      baseRevision:
        baseRevision ??
        (await call(ctx, account, { method: 'GET', url: `/api/contracts/${id}` })).json().revision ??
        1,
    },
  });
const send = (account: TestAccount, id: string) =>
  call(ctx, account, { method: 'POST', url: `/api/contracts/${id}/send`, json: { sequential: false } });
const actions = async (id: string) =>
  (await ctx.database.db.select().from(contractHistory).where(eq(contractHistory.contractId, id)))
    .sort((a, b) => a.seq - b.seq)
    .map((entry) => entry.action);
const notesOf = async (account: TestAccount, id: string) =>
  (
    await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, account.userId), eq(notifications.contractId, id)))
  ).map((note) => note.kind);

describe('approval rules', () => {
  it('are set by admins only; members read them', async () => {
    const refused = await call(ctx, drafter, {
      method: 'POST',
      url: '/api/approval-rules',
      json: { projectId: null, approverIds: [drafter.userId] },
    });
    expect(refused.statusCode).toBe(403);
    const empty = await call(ctx, admin, {
      method: 'POST',
      url: '/api/approval-rules',
      json: { projectId: null, anyAdmin: false, approverIds: [] },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.field).toBe('approverIds');
    const outsider = await call(ctx, admin, {
      method: 'POST',
      url: '/api/approval-rules',
      json: { projectId: salesProject, approverIds: [stranger.userId] },
    });
    expect(outsider.statusCode).toBe(400);

    const created = await call(ctx, admin, {
      method: 'POST',
      url: '/api/approval-rules',
      json: { projectId: salesProject, approverIds: [approver.userId] },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().items).toMatchObject([
      {
        project: { id: salesProject, name: 'Sales' },
        anyAdmin: false,
        approvers: [{ id: approver.userId, name: await nameOf(approver) }],
      },
    ]);
    const twice = await call(ctx, admin, {
      method: 'POST',
      url: '/api/approval-rules',
      json: { projectId: salesProject, anyAdmin: true },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('APPROVAL_RULE_EXISTS');

    const read = await call(ctx, drafter, { method: 'GET', url: '/api/approval-rules' });
    expect(read.statusCode).toBe(200);
    expect(read.json().items).toHaveLength(1);
    // Another organization sees none of it and cannot touch it.
    expect((await call(ctx, stranger, { method: 'GET', url: '/api/approval-rules' })).json().items).toEqual(
      [],
    );
    const ruleId = created.json().items[0].id;
    const foreign = await call(ctx, stranger, { method: 'DELETE', url: `/api/approval-rules/${ruleId}` });
    expect(foreign.statusCode).toBe(404);
  });
});

describe('a contract under a rule', () => {
  it('cannot be sent until approved; a rejection blocks until a new request; an edit withdraws an approval', async () => {
    const { id } = await draft(drafter, salesProject);
    const approverName = await nameOf(approver);

    let state = await approval(drafter, id);
    expect(state.statusCode, state.body).toBe(200);
    expect(state.json()).toMatchObject({
      state: 'not_requested',
      canRequest: true,
      approvers: [{ approver: { id: approver.userId }, status: 'not_requested', canDecide: false }],
    });

    // Not sendable, with a refusal naming who must approve.
    let refused = await send(drafter, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('APPROVAL_REQUIRED');
    expect(refused.json().error.message).toContain(approverName);

    // Nothing to decide before a request.
    expect((await decide(approver, id, 'approve')).statusCode).toBe(409);

    const requested = await request(drafter, id);
    expect(requested.statusCode, requested.body).toBe(200);
    expect(requested.json()).toMatchObject({ state: 'pending', requestedBy: { id: drafter.userId } });
    refused = await send(drafter, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(new RegExp(`waiting for ${approverName}`));

    // Only the named approver decides; a member who is not named, and an admin, cannot.
    expect((await decide(drafter, id, 'approve')).statusCode).toBe(403);
    expect((await decide(admin, id, 'approve')).statusCode).toBe(403);
    expect((await approval(approver, id)).json().approvers[0].canDecide).toBe(true);

    // A rejection needs a reason, blocks sending and cannot be turned into an approval without a new request.
    expect((await decide(approver, id, 'reject')).statusCode).toBe(400);
    const rejected = await decide(approver, id, 'reject', 'Delivery in 30 days is too long');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({
      state: 'rejected',
      approvers: [{ status: 'rejected', comment: 'Delivery in 30 days is too long', version: 1 }],
    });
    refused = await send(drafter, id);
    expect(refused.json().error.code).toBe('APPROVAL_REQUIRED');
    expect(refused.json().error.message).toContain('Delivery in 30 days is too long');
    expect((await decide(approver, id, 'approve')).statusCode).toBe(409);

    // Changed and asked again, then approved.
    const edited = await call(ctx, drafter, {
      method: 'PATCH',
      url: `/api/contracts/${id}`,
      json: { content: sampleDocument('The Supplier delivers in 14 days.') },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await request(drafter, id)).json().state).toBe('pending');
    const approved = await decide(approver, id, 'approve', 'Fine now');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      state: 'approved',
      canRequest: false,
      blocking: null,
      approvers: [
        { status: 'approved', comment: 'Fine now', decidedBy: { id: approver.userId }, version: 2 },
      ],
    });

    // A signer change is not a change of the text: the approval stands.
    const signersChanged = await call(ctx, drafter, {
      method: 'PATCH',
      url: `/api/contracts/${id}`,
      json: { signers: [{ name: 'Sue Signer', email: 'sue.approvals@example.com' }] },
    });
    expect(signersChanged.statusCode).toBe(200);
    expect((await approval(drafter, id)).json().state).toBe('approved');

    // A title change withdraws it: sending is refused again, and the approver is told.
    const retitled = await call(ctx, drafter, {
      method: 'PATCH',
      url: `/api/contracts/${id}`,
      json: { title: 'Supply Agreement (final)' },
    });
    expect(retitled.statusCode).toBe(200);
    state = await approval(drafter, id);
    expect(state.json()).toMatchObject({ state: 'pending', approvers: [{ status: 'withdrawn' }] });
    expect((await send(drafter, id)).json().error.code).toBe('APPROVAL_REQUIRED');

    // The approver may approve the new text straight away.
    expect((await decide(approver, id, 'approve')).json().state).toBe('approved');
    const sent = await send(drafter, id);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().status).toBe('sent');
    // Once sent, nothing is left to request or decide.
    expect((await request(drafter, id)).statusCode).toBe(409);
    expect((await approval(drafter, id)).json()).toMatchObject({ state: 'approved', canRequest: false });

    expect(await actions(id)).toEqual([
      'created',
      'approval_requested',
      'approval_rejected',
      'updated',
      'approval_requested',
      'approval_approved',
      'updated',
      'updated',
      'approval_withdrawn',
      'approval_approved',
      'sent',
    ]);
    const verification = await call(ctx, drafter, {
      method: 'GET',
      url: `/api/contracts/${id}/history/verification`,
    });
    expect(verification.json().intact).toBe(true);

    // Bell and e-mail, once per step and person: the approver asked and told of the withdrawal,
    // the drafter (requester and owner) told of each decision.
    await background.drain();
    expect((await notesOf(approver, id)).sort()).toEqual([
      'approval_requested',
      'approval_requested',
      'approval_withdrawn',
    ]);
    expect((await notesOf(drafter, id)).sort()).toEqual([
      'approval_decided',
      'approval_decided',
      'approval_decided',
    ]);
    const approverMail = peer.to(approver.email).map((mail) => mail.subject);
    expect(approverMail.filter((subject) => subject?.includes('asks you to approve'))).toHaveLength(2);
    expect(approverMail.some((subject) => subject?.includes('changed after you approved it'))).toBe(true);
    const rejection = peer.to(drafter.email).find((mail) => mail.subject?.includes('rejected'));
    expect(rejection?.text).toContain('Delivery in 30 days is too long');
    // Events reach webhooks: they name who and what, never the internal comment.
    const recorded = await ctx.database.db.select().from(events).where(eq(events.contractId, id));
    expect(recorded.map((event) => event.type)).toContain('approval.rejected');
    expect(JSON.stringify(recorded.map((event) => event.data))).not.toContain('too long');
  });

  it('is given for the text the approver read: a change made meanwhile is refused, not approved', async () => {
    const { id } = await draft(drafter, salesProject, 'Price: 100k');
    expect((await request(drafter, id)).statusCode).toBe(200);
    // The approver opens the draft and reads "Price: 100k".
    const seen = await read(approver, id);
    expect(JSON.stringify(seen.content)).toContain('Price: 100k');
    // Meanwhile the drafter changes the price.
    const changed = await call(ctx, drafter, {
      method: 'PATCH',
      url: `/api/contracts/${id}`,
      json: { content: sampleDocument('Price: 1 EUR') },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    // Deciding on what they read is refused, naming who changed it; nothing is decided.
    for (const decision of ['approve', 'reject'] as const) {
      const refused = await decide(approver, id, decision, 'Too cheap', seen.revision);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error.code).toBe('CONTRACT_CHANGED');
      expect(refused.json().error.message).toContain(await nameOf(drafter));
      expect(refused.json().error.message).toContain('Nothing was decided');
    }
    expect((await approval(drafter, id)).json()).toMatchObject({
      state: 'pending',
      approvers: [{ status: 'requested', decidedAt: null }],
    });
    const blocked = await send(drafter, id);
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error.code).toBe('APPROVAL_REQUIRED');
    // A decision must say what was read.
    const unsaid = await call(ctx, approver, {
      method: 'POST',
      url: `/api/contracts/${id}/approval/decision`,
      json: { decision: 'approve' },
    });
    expect(unsaid.statusCode).toBe(400);

    // Read again, the approval is for "Price: 1 EUR", and that is what is sent.
    const reread = await read(approver, id);
    expect(JSON.stringify(reread.content)).toContain('Price: 1 EUR');
    const approved = await decide(approver, id, 'approve', '', reread.revision);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().state).toBe('approved');
    const sent = await send(drafter, id);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(JSON.stringify(sent.json().content)).toContain('Price: 1 EUR');
    expect((await actions(id)).slice(1)).toEqual([
      'approval_requested',
      'updated',
      'approval_approved',
      'sent',
    ]);
  });

  it('restoring a version withdraws an approval too', async () => {
    const { id } = await draft(drafter, salesProject, 'First text.');
    const saved = await call(ctx, drafter, {
      method: 'PATCH',
      url: `/api/contracts/${id}`,
      json: { content: sampleDocument('Second text.'), editSession: 'session-restore-1' },
    });
    expect(saved.statusCode).toBe(200);
    await request(drafter, id);
    expect((await decide(approver, id, 'approve')).json().state).toBe('approved');
    const restored = await call(ctx, drafter, {
      method: 'POST',
      url: `/api/contracts/${id}/versions/1/restore`,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await approval(drafter, id)).json().approvers[0].status).toBe('withdrawn');
    expect((await actions(id)).slice(-2)).toEqual(['version_restored', 'approval_withdrawn']);
  });

  it("accepting the other side's suggestion withdraws an approval; sending for review does not", async () => {
    const { id } = await draft(drafter, salesProject, 'The Supplier delivers in 30 days.');
    await request(drafter, id);
    expect((await decide(approver, id, 'approve')).json().state).toBe('approved');

    // A review round records a version but changes nothing: the approval stands.
    const reviewer = await inviteReviewer(ctx, { background, peer }, drafter, id, {
      name: 'Ρένα Παππά',
      email: 'reviewer.approvals@example.com',
    });
    expect((await approval(drafter, id)).json().state).toBe('approved');
    const view = await call(ctx, null, {
      method: 'GET',
      url: `/api/review/${reviewer.reviewerId}`,
      headers: { cookie: reviewer.cookie },
    });
    const suggested = await call(ctx, null, {
      method: 'POST',
      url: `/api/review/${reviewer.reviewerId}/suggestions`,
      headers: { cookie: reviewer.cookie },
      json: {
        baseVersion: view.json().version.number,
        content: sampleDocument('The Supplier delivers in 14 days.'),
      },
    });
    expect(suggested.statusCode, suggested.body).toBe(201);
    // The suggestion alone changes nothing either.
    expect((await approval(drafter, id)).json().state).toBe('approved');

    const shown = await call(ctx, drafter, {
      method: 'GET',
      url: `/api/contracts/${id}/suggestions/${suggested.json().id}`,
    });
    const changes = shown.json().changes as { id: number }[];
    expect(changes.length).toBeGreaterThan(0);
    const decided = await call(ctx, drafter, {
      method: 'POST',
      url: `/api/contracts/${id}/suggestions/${suggested.json().id}/decide`,
      json: { accept: changes.map((change) => change.id) },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(JSON.stringify(decided.json().content)).toContain('14 days');
    expect((await approval(drafter, id)).json().approvers[0].status).toBe('withdrawn');
    expect((await actions(id)).slice(-2)).toEqual(['suggestions_decided', 'approval_withdrawn']);
    const refused = await send(drafter, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('APPROVAL_REQUIRED');
  });

  it('"any admin" is met by one admin; a contract outside every rule is sent as before', async () => {
    const other = await call(ctx, admin, {
      method: 'POST',
      url: '/api/projects',
      json: { name: 'Internal' },
    });
    const free = await draft(drafter, other.json().id);
    expect((await approval(drafter, free.id)).json()).toMatchObject({ state: 'not_required', approvers: [] });
    expect((await request(drafter, free.id)).statusCode).toBe(409);
    const sent = await send(drafter, free.id);
    expect(sent.statusCode, sent.body).toBe(200);

    const rule = await call(ctx, admin, {
      method: 'POST',
      url: '/api/approval-rules',
      json: { projectId: null, anyAdmin: true },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    // A contract of the Sales project now needs both its project's rule and the rule for all.
    const { id } = await draft(drafter, salesProject);
    const state = (await approval(drafter, id)).json();
    expect(state.approvers.map((entry: { anyAdmin: boolean }) => entry.anyAdmin)).toEqual([false, true]);
    const refused = await send(drafter, id);
    expect(refused.json().error.message).toContain('any admin');

    await request(drafter, id);
    await background.drain();
    // Every admin is asked for "any admin".
    expect(await notesOf(admin, id)).toEqual(['approval_requested']);
    expect(await notesOf(secondAdmin, id)).toEqual(['approval_requested']);
    // A member cannot act as an admin.
    expect((await approval(drafter, id)).json().approvers[1].canDecide).toBe(false);

    expect((await decide(secondAdmin, id, 'approve')).json().state).toBe('pending');
    expect((await decide(admin, id, 'approve')).statusCode).toBe(409); // already approved by an admin
    expect((await send(drafter, id)).json().error.message).toContain(await nameOf(approver));
    expect((await decide(approver, id, 'approve')).json().state).toBe('approved');
    expect((await send(drafter, id)).statusCode).toBe(200);
  });

  it("is another organization's 404, and API tokens cannot approve", async () => {
    const { id } = await draft(drafter, salesProject);
    for (const response of [
      await approval(stranger, id),
      await request(stranger, id),
      await decide(stranger, id, 'approve'),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    await request(drafter, id);
    const token = await call(ctx, admin, {
      method: 'POST',
      url: '/api/api-tokens',
      json: { name: 'CI', scope: 'read-write' },
    });
    expect(token.statusCode, token.body).toBe(201);
    const byToken = await ctx.app.inject({
      method: 'POST',
      url: `/api/contracts/${id}/approval/decision`,
      headers: { authorization: `Bearer ${token.json().token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ decision: 'approve', baseRevision: (await read(admin, id)).revision }),
    });
    expect(byToken.statusCode, byToken.body).toBe(403);
  });
});

describe('the OpenAPI document', () => {
  it('describes the approval routes', async () => {
    const document = (await ctx.app.inject({ url: '/api/docs/json' })).json();
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/api/approval-rules',
        '/api/approval-rules/{ruleId}',
        '/api/contracts/{id}/approval',
        '/api/contracts/{id}/approval/request',
        '/api/contracts/{id}/approval/decision',
      ]),
    );
    expect(document.components.schemas.ContractApproval).toBeDefined();
  });
});
