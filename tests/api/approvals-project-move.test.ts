import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { contracts } from '../../src/server/db/schema';
import {
  buildAccount,
  buildMember,
  call,
  sampleDocument,
  type TestAccount,
  testApp,
} from '../support/test-app';

// Moving a draft between projects must never let it be sent without the approvals the rules ask.
let sales: string;
let other: string;
let legal: string;

const nameOf = async (account: TestAccount) =>
  (await call(ctx, account, { method: 'GET', url: '/api/auth/me' })).json().user.name as string;

async function project(name: string) {
  const created = await call(ctx, admin, { method: 'POST', url: '/api/projects', json: { name } });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as string;
}

async function rule(projectId: string | null, approverIds: string[], anyAdmin = false) {
  const created = await call(ctx, admin, {
    method: 'POST',
    url: '/api/approval-rules',
    json: { projectId, approverIds, anyAdmin },
  });
  expect(created.statusCode, created.body).toBe(201);
}

const ctx = await testApp();
const admin = await buildAccount(ctx, { name: 'Ada Admin' });
const member = await buildMember(ctx, admin);
const approver = await buildMember(ctx, admin);
const counsel = await buildMember(ctx, admin);

beforeAll(async () => {
  sales = await project('Sales');
  other = await project('Other');
  legal = await project('Legal');
  // Sales asks the approver; Legal asks more: the approver and counsel.
  await rule(sales, [approver.userId]);
  await rule(legal, [approver.userId, counsel.userId]);
});

async function draft(account: TestAccount, projectId: string, text = 'Price: 100k') {
  const created = await call(ctx, account, {
    method: 'POST',
    url: '/api/contracts',
    json: {
      title: 'Framework Agreement',
      content: sampleDocument(text),
      projectId,
      signers: [{ name: 'Sam Signer', email: 'sam.move@example.com' }],
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json().id as string;
}

const move = (account: TestAccount, id: string, projectId: string, extra: object = {}) =>
  call(ctx, account, { method: 'PATCH', url: `/api/contracts/${id}`, json: { projectId, ...extra } });
const send = (account: TestAccount, id: string) =>
  call(ctx, account, { method: 'POST', url: `/api/contracts/${id}/send`, json: { sequential: false } });
const approval = async (account: TestAccount, id: string) =>
  (await call(ctx, account, { method: 'GET', url: `/api/contracts/${id}/approval` })).json();
const request = (account: TestAccount, id: string) =>
  call(ctx, account, { method: 'POST', url: `/api/contracts/${id}/approval/request` });
async function approve(account: TestAccount, id: string) {
  const { revision } = (await call(ctx, account, { method: 'GET', url: `/api/contracts/${id}` })).json();
  const decided = await call(ctx, account, {
    method: 'POST',
    url: `/api/contracts/${id}/approval/decision`,
    json: { decision: 'approve', baseRevision: revision },
  });
  expect(decided.statusCode, decided.body).toBe(200);
}
const projectOf = async (id: string) =>
  (await ctx.database.db.select().from(contracts).where(eq(contracts.id, id)))[0]?.projectId;

describe('a draft under its project’s approval rule', () => {
  it('cannot be moved out of it by a member to be sent unapproved', async () => {
    const id = await draft(member, sales);
    const refused = await send(member, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('APPROVAL_REQUIRED');

    // The move is refused, saying why and who can make it; nothing of the save is kept.
    const moved = await move(member, id, other, { content: sampleDocument('Price: 1 EUR') });
    expect(moved.statusCode, moved.body).toBe(403);
    expect(moved.json().error).toMatchObject({ code: 'FORBIDDEN', field: 'projectId' });
    const message = moved.json().error.message as string;
    expect(message).toContain('“Sales”');
    expect(message).toContain(`Only an admin or ${await nameOf(approver)} can move`);
    expect(message).toContain('Nothing was saved');
    expect(await projectOf(id)).toBe(sales);
    const stored = await call(ctx, member, { method: 'GET', url: `/api/contracts/${id}` });
    expect(JSON.stringify(stored.json().content)).toContain('Price: 100k');
    expect((await send(member, id)).json().error.code).toBe('APPROVAL_REQUIRED');

    // Saving with its own project again is no move.
    const saved = await move(member, id, sales, { content: sampleDocument('Price: 90k') });
    expect(saved.statusCode, saved.body).toBe(200);

    // The approval card tells the member why the project cannot change; not the approver or an admin.
    expect((await approval(member, id)).projectLock).toBe(message.slice(0, message.indexOf(' Nothing')));
    expect((await approval(approver, id)).projectLock).toBeNull();
    expect((await approval(admin, id)).projectLock).toBeNull();

    // A duplicate stays in Sales, under the same rule, and cannot leave it either.
    const copy = await call(ctx, member, { method: 'POST', url: `/api/contracts/${id}/duplicate`, json: {} });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(await projectOf(copy.json().id)).toBe(sales);
    expect((await move(member, copy.json().id, other)).statusCode).toBe(403);
    expect((await send(member, copy.json().id)).json().error.code).toBe('APPROVAL_REQUIRED');

    // The rule's approver may move it out (so may an admin): the rule is theirs to lift.
    expect((await move(approver, id, other)).statusCode).toBe(200);
    expect(await projectOf(id)).toBe(other);
    expect((await move(admin, copy.json().id, other)).statusCode).toBe(200);
  });

  it('moved into a project that asks more, needs those approvals too, even when already approved', async () => {
    const id = await draft(member, sales);
    expect((await request(member, id)).statusCode).toBe(200);
    await approve(approver, id);
    expect((await approval(member, id)).state).toBe('approved');

    // The approver moves it to Legal, whose rule also asks counsel: approved no longer.
    expect((await move(approver, id, legal)).statusCode).toBe(200);
    const state = await approval(member, id);
    expect(state.state).toBe('not_requested');
    // Listed by name, which the test accounts number ("Test User 9" sorts after "Test User 10").
    const statusOf = (userId: string) =>
      state.approvers.find((slot: { approver: { id: string } }) => slot.approver.id === userId)?.status;
    expect(state.approvers).toHaveLength(2);
    expect(statusOf(approver.userId)).toBe('approved');
    expect(statusOf(counsel.userId)).toBe('not_requested');
    const refused = await send(member, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain(await nameOf(counsel));

    // Nor can the member move it on from Legal to where less is asked; the refusal names everyone who can.
    expect((await move(member, id, sales)).json().error.message).toMatch(
      /^Only an admin or one of .+ and .+ can move this draft out of the project “Legal”/,
    );
    expect((await move(member, id, sales)).statusCode).toBe(403);
    expect((await move(member, id, other)).statusCode).toBe(403);

    expect((await request(member, id)).statusCode).toBe(200);
    await approve(counsel, id);
    const sent = await send(member, id);
    expect(sent.statusCode, sent.body).toBe(200);
  });

  it('a member moves a draft of a project without a rule freely, and the rule where it lands applies', async () => {
    const id = await draft(member, other);
    expect((await approval(member, id)).projectLock).toBeNull();
    expect((await move(member, id, sales)).statusCode).toBe(200);
    expect((await send(member, id)).json().error.code).toBe('APPROVAL_REQUIRED');
    // Now in Sales, it stays there.
    expect((await move(member, id, other)).statusCode).toBe(403);
  });

  it('the rule for every contract holds wherever the draft goes, and an approval under it alone does not cover a stricter project', async () => {
    await rule(null, [], true);
    const id = await draft(member, other);
    expect((await request(member, id)).statusCode).toBe(200);
    await approve(admin, id);
    expect((await approval(member, id)).state).toBe('approved');

    // Moved into Sales, the approver of Sales must approve as well.
    expect((await move(member, id, sales)).statusCode).toBe(200);
    const refused = await send(member, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain(await nameOf(approver));

    // A draft of a project without a rule of its own still needs the rule for every contract.
    const free = await draft(member, other);
    expect((await approval(member, free)).projectLock).toBeNull();
    expect((await send(member, free)).json().error.code).toBe('APPROVAL_REQUIRED');
  });

  it('templates have no project to leave', async () => {
    const created = await call(ctx, member, {
      method: 'POST',
      url: '/api/contracts',
      json: { title: 'Sales template', isTemplate: true, content: sampleDocument('Price: {{price}}') },
    });
    expect(created.statusCode, created.body).toBe(201);
    const moved = await move(member, created.json().id, sales);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await projectOf(created.json().id)).toBeNull();
  });
});
