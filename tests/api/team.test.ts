import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invitations, mailMessages, memberships, sessions, users } from '../../src/server/db/schema';
import { cookies } from '../../src/server/plugins/cookies';
import { createSession } from '../../src/server/services/sessions/create-session';
import { hashInvitationToken } from '../../src/server/services/team/invitation-token';
import { withMail } from '../support/background';
import {
  buildAccount,
  buildMember,
  call,
  sessionCookieOf,
  type TestAccount,
  testApp,
  testSecret,
} from '../support/test-app';

let address = 0;

const ctx = await testApp();
const { peer, background } = await withMail(ctx);

const lastAdmin = 'An organization needs at least one admin';

const team = (account: TestAccount) => call(ctx, account, { method: 'GET', url: '/api/team' });
const invite = (account: TestAccount, email: string, role: 'admin' | 'member' = 'member') =>
  call(ctx, account, { method: 'POST', url: '/api/team/invitations', json: { email, role } });
const revoke = (account: TestAccount, id: string) =>
  call(ctx, account, { method: 'DELETE', url: `/api/team/invitations/${id}` });
const changeRole = (account: TestAccount, userId: string, role: 'admin' | 'member') =>
  call(ctx, account, { method: 'PATCH', url: `/api/team/members/${userId}`, json: { role } });
const remove = (account: TestAccount, userId: string) =>
  call(ctx, account, { method: 'DELETE', url: `/api/team/members/${userId}` });
const view = (token: string) => call(ctx, null, { method: 'GET', url: `/api/invitations/${token}` });
const accept = (account: TestAccount | null, token: string) =>
  call(ctx, account, { method: 'POST', url: `/api/invitations/${token}/accept` });
const me = (account: TestAccount) => call(ctx, account, { method: 'GET', url: '/api/auth/me' });

const freshEmail = (name = 'invitee') => `${name}-${randomUUID().slice(0, 8)}@example.com`;

function invitationTokenIn(text: string | undefined): string {
  const match = /\/invitations\/([A-Za-z0-9_-]{43})\b/.exec(text ?? '');
  if (!match?.[1]) throw new Error(`No invitation link in: ${text}`);
  return match[1];
}

/** Invites the e-mail, delivers the mail and returns the invitation and the token in the mail. */
async function invited(admin: TestAccount, email: string, role: 'admin' | 'member' = 'member') {
  const response = await invite(admin, email, role);
  expect(response.statusCode).toBe(201);
  const before = peer.to(email.toLowerCase()).length;
  await background.drain();
  const mails = peer.to(email.toLowerCase());
  expect(mails).toHaveLength(before + 1);
  return { invitation: response.json(), token: invitationTokenIn(mails.at(-1)?.text), mail: mails.at(-1) };
}

/** Another session of the same person, in one of their organizations. */
async function sessionIn(account: TestAccount, organizationId: string): Promise<TestAccount> {
  const session = await createSession(ctx.database.db, {
    secret: testSecret,
    userId: account.userId,
    organizationId,
    persistent: false,
    ip: '127.0.0.1',
    userAgent: 'vitest',
  });
  return { ...account, organizationId, cookie: `${cookies.session.name}=${session.token}` };
}

describe('the team list', () => {
  it('lists the members with their role, join date and "you", and the pending invitations', async () => {
    const admin = await buildAccount(ctx, { name: 'Ada Admin' });
    const member = await buildMember(ctx, admin);
    const email = freshEmail();
    expect((await invite(admin, email, 'admin')).statusCode).toBe(201);

    for (const [viewer, youId] of [
      [admin, admin.userId],
      [member, member.userId],
    ] as const) {
      const response = await team(viewer);
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.members).toHaveLength(2);
      expect(body.members[0]).toMatchObject({
        userId: admin.userId,
        name: 'Ada Admin',
        email: admin.email,
        role: 'admin',
        avatarUrl: null,
      });
      expect(body.members[1]).toMatchObject({ userId: member.userId, email: member.email, role: 'member' });
      for (const entry of body.members) {
        expect(entry.you).toBe(entry.userId === youId);
        expect(Date.parse(entry.joinedAt)).not.toBeNaN();
      }
      expect(body.invitations).toEqual([
        {
          id: expect.any(String),
          email,
          role: 'admin',
          invitedBy: 'Ada Admin',
          createdAt: expect.any(String),
          expiresAt: expect.any(String),
          expired: false,
        },
      ]);
      const [pending] = body.invitations;
      expect(Date.parse(pending.expiresAt) - Date.parse(pending.createdAt)).toBe(7 * 24 * 60 * 60 * 1000);
    }
  });

  it('needs a session', async () => {
    const response = await call(ctx, null, { method: 'GET', url: '/api/team' });
    expect(response.statusCode).toBe(401);
  });
});

describe('inviting', () => {
  it('makes an invitation and e-mails a link created at delivery, storing only its SHA-256', async () => {
    const admin = await buildAccount(ctx, { name: 'Iris Inviter', organizationName: 'Invite Works' });
    const email = freshEmail();
    const response = await invite(admin, `  ${email.toUpperCase()} `);
    expect(response.statusCode).toBe(201);
    const created = response.json();
    expect(created).toMatchObject({ email, role: 'member', invitedBy: 'Iris Inviter', expired: false });

    // Queued in the outbox; no token exists before the mail is composed.
    const [row] = await ctx.database.db.select().from(invitations).where(eq(invitations.id, created.id));
    expect(row).toMatchObject({
      organizationId: admin.organizationId,
      email,
      role: 'member',
      invitedBy: admin.userId,
      tokenHash: null,
      acceptedAt: null,
      revokedAt: null,
    });
    const [queued] = await ctx.database.db.select().from(mailMessages).where(eq(mailMessages.toEmail, email));
    expect(queued).toMatchObject({
      kind: 'team_invitation',
      status: 'queued',
      organizationId: admin.organizationId,
      contractId: null,
      params: { invitationId: created.id },
    });

    await background.drain();
    const [mail] = peer.to(email);
    expect(mail?.subject).toBe('Iris Inviter invited you to join Invite Works on Pactum');
    expect(mail?.text).toContain('Hello,');
    expect(mail?.text).toContain('Iris Inviter invited you to join Invite Works on Pactum as a member.');
    expect(mail?.text).toContain('Accept the invitation: http://localhost:3000/invitations/');
    expect(mail?.html).toContain('>Accept the invitation</a>');
    const token = invitationTokenIn(mail?.text);

    const [stored] = await ctx.database.db.select().from(invitations).where(eq(invitations.id, created.id));
    expect(stored?.tokenHash).toBe(hashInvitationToken(token));
    expect(JSON.stringify(stored)).not.toContain(token);
    const [sent] = await ctx.database.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.id, queued?.id ?? ''));
    expect(sent?.status).toBe('sent');
    expect(JSON.stringify(sent)).not.toContain(token);

    const opened = await view(token);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({
      organizationName: 'Invite Works',
      invitedBy: 'Iris Inviter',
      email,
      role: 'member',
      state: 'valid',
      expiresAt: stored?.expiresAt.toISOString(),
    });
  });

  it('makes a new link at a re-delivery and the earlier one stops working', async () => {
    const admin = await buildAccount(ctx);
    const email = freshEmail('retry');
    const response = await invite(admin, email);
    peer.state.refusing = true;
    try {
      await background.drain();
    } finally {
      peer.state.refusing = false;
    }
    expect(peer.to(email)).toHaveLength(0);
    const [first] = await ctx.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, response.json().id));
    expect(first?.tokenHash).toMatch(/^[0-9a-f]{64}$/);

    // The retry comes 30 s later.
    await background.drain(new Date(Date.now() + 60_000));
    const [mail] = peer.to(email);
    const token = invitationTokenIn(mail?.text);
    const [second] = await ctx.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, response.json().id));
    expect(second?.tokenHash).toBe(hashInvitationToken(token));
    expect(second?.tokenHash).not.toBe(first?.tokenHash);
    expect((await view(token)).statusCode).toBe(200);
  });

  it("refuses a member's e-mail and one already invited, with clear messages", async () => {
    const admin = await buildAccount(ctx, { organizationName: 'Already Here' });
    const member = await buildMember(ctx, admin);
    const asMember = await invite(admin, member.email.toUpperCase());
    expect(asMember.statusCode).toBe(409);
    expect(asMember.json().error).toEqual({
      code: 'ALREADY_MEMBER',
      message: `${member.email} is already a member of Already Here`,
      field: 'email',
    });
    const own = await invite(admin, admin.email);
    expect(own.json().error.code).toBe('ALREADY_MEMBER');

    const email = freshEmail();
    expect((await invite(admin, email)).statusCode).toBe(201);
    const again = await invite(admin, email, 'admin');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: 'ALREADY_INVITED',
      message: `${email} has already been invited and has not answered yet. Revoke that invitation to send a new one.`,
      field: 'email',
    });
    // Another organization may invite the same person.
    const other = await buildAccount(ctx);
    expect((await invite(other, email)).statusCode).toBe(201);
  });

  it('refuses a malformed e-mail or role, naming the field', async () => {
    const admin = await buildAccount(ctx);
    const badEmail = await invite(admin, 'not-an-email');
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error).toMatchObject({ code: 'INVALID_INPUT', field: 'email' });
    const badRole = await call(ctx, admin, {
      method: 'POST',
      url: '/api/team/invitations',
      json: { email: freshEmail(), role: 'owner' },
    });
    expect(badRole.statusCode).toBe(400);
    expect(badRole.json().error).toMatchObject({ code: 'INVALID_INPUT', field: 'role' });
  });
});

describe('an invitation link', () => {
  it('is 404 when unknown', async () => {
    const response = await view('A'.repeat(43));
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toEqual({
      code: 'NOT_FOUND',
      message: 'This invitation link is not valid',
    });
    expect((await accept(await buildAccount(ctx), 'A'.repeat(43))).statusCode).toBe(404);
  });

  it('is accepted by the invited account only, which joins and switches to the organization', async () => {
    const admin = await buildAccount(ctx, { name: 'Hal Host', organizationName: 'Host Company' });
    const invitee = await buildAccount(ctx, { organizationName: 'Invitee Own' });
    const stranger = await buildAccount(ctx);
    const { token, invitation } = await invited(admin, invitee.email.toUpperCase(), 'admin');

    expect((await accept(null, token)).statusCode).toBe(401);
    const wrong = await accept(stranger, token);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toEqual({
      code: 'FORBIDDEN',
      message: `This invitation is for ${invitee.email}, but you are signed in as ${stranger.email}. Sign in with ${invitee.email} to accept it.`,
    });
    expect((await view(token)).json().state).toBe('valid');

    const accepted = await accept(invitee, token);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().user).toMatchObject({
      id: invitee.userId,
      email: invitee.email,
      role: 'admin',
      organization: { id: admin.organizationId, name: 'Host Company' },
    });
    // The same session now works in the new organization.
    expect((await me(invitee)).json().user.organization.id).toBe(admin.organizationId);
    const [session] = await ctx.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, invitee.userId), eq(sessions.organizationId, admin.organizationId)));
    expect(session).toBeDefined();
    const listed = (await team(invitee)).json();
    expect(listed.members.map((m: { userId: string }) => m.userId)).toEqual([admin.userId, invitee.userId]);
    expect(listed.members[1]).toMatchObject({ role: 'admin', you: true });
    expect(listed.invitations).toEqual([]);
    const [row] = await ctx.database.db.select().from(invitations).where(eq(invitations.id, invitation.id));
    expect(row?.acceptedAt).toBeInstanceOf(Date);

    // Once only.
    expect((await view(token)).json().state).toBe('accepted');
    const twice = await accept(invitee, token);
    expect(twice.statusCode).toBe(410);
    expect(twice.json().error).toEqual({
      code: 'INVITATION_CLOSED',
      message: 'This invitation has already been accepted.',
    });

    // The person still belongs to their first organization, where signing in takes them.
    const signedIn = await call(ctx, null, {
      method: 'POST',
      url: '/api/auth/sign-in',
      json: { email: invitee.email, password: invitee.password },
      remoteAddress: `198.51.100.${++address}`,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().user.organization.id).toBe(invitee.organizationId);
    expect(sessionCookieOf(signedIn)).toBeDefined();
  });

  it('creates the invited account from the link, confirmed, in the inviting organization only, and signs in', async () => {
    const admin = await buildAccount(ctx, { name: 'Ida Inviter', organizationName: 'Inviting Co' });
    const email = freshEmail('newcomer');
    const { token } = await invited(admin, email, 'member');
    const signUp = (json: Record<string, unknown>) =>
      call(ctx, null, {
        method: 'POST',
        url: '/api/auth/sign-up/invitation',
        json: { token, ...json },
        remoteAddress: '203.0.113.40',
      });
    expect((await signUp({ name: 'Nia Newcomer', password: 'password1' })).json().error.code).toBe(
      'PASSWORD_TOO_COMMON',
    );
    const created = await signUp({ name: 'Nia Newcomer', password: 'a newcomer passphrase' });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().user).toMatchObject({
      name: 'Nia Newcomer',
      email,
      role: 'member',
      organization: { id: admin.organizationId, name: 'Inviting Co' },
    });
    const cookie = sessionCookieOf(created);
    expect(cookie).toBeDefined();
    const [user] = await ctx.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerifiedAt).toBeInstanceOf(Date);
    const joined = await ctx.database.db
      .select()
      .from(memberships)
      .where(eq(memberships.userId, user?.id ?? ''));
    expect(joined.map((row) => row.organizationId)).toEqual([admin.organizationId]);
    expect((await view(token)).json().state).toBe('accepted');
    // The link is spent: it makes no second account, nor one for anybody else.
    const again = await signUp({ name: 'Nia Again', password: 'another newcomer passphrase' });
    expect(again.statusCode).toBe(410);
    const unknown = await call(ctx, null, {
      method: 'POST',
      url: '/api/auth/sign-up/invitation',
      json: { token: 'A'.repeat(43), name: 'Nobody', password: 'a nobody passphrase' },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('stops working after 7 days, and the person can be invited again', async () => {
    const admin = await buildAccount(ctx);
    const invitee = await buildAccount(ctx);
    const { token, invitation } = await invited(admin, invitee.email);
    await ctx.database.db
      .update(invitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitations.id, invitation.id));

    expect((await view(token)).json().state).toBe('expired');
    const late = await accept(invitee, token);
    expect(late.statusCode).toBe(410);
    expect(late.json().error).toEqual({
      code: 'INVITATION_CLOSED',
      message: 'This invitation has expired. Ask an admin of the organization to invite you again.',
    });
    expect((await team(admin)).json().invitations).toMatchObject([{ id: invitation.id, expired: true }]);

    // A new invitation replaces the expired one; the old link still says it expired.
    const again = await invited(admin, invitee.email);
    expect((await team(admin)).json().invitations).toMatchObject([
      { id: again.invitation.id, expired: false },
    ]);
    expect((await view(token)).json().state).toBe('expired');
    expect((await accept(invitee, again.token)).statusCode).toBe(200);
  });

  it('stops working when revoked, and a revoked invitation that was never sent is not mailed', async () => {
    const admin = await buildAccount(ctx);
    const invitee = await buildAccount(ctx);
    const { token, invitation } = await invited(admin, invitee.email);
    const revoked = await revoke(admin, invitation.id);
    expect(revoked.statusCode).toBe(204);
    expect((await view(token)).json().state).toBe('revoked');
    const closed = await accept(invitee, token);
    expect(closed.statusCode).toBe(410);
    expect(closed.json().error.message).toBe(
      'This invitation was withdrawn by an admin of the organization.',
    );
    expect((await team(admin)).json().invitations).toEqual([]);
    expect((await revoke(admin, invitation.id)).statusCode).toBe(204);

    const unsentEmail = freshEmail('unsent');
    const unsent = await invite(admin, unsentEmail);
    expect((await revoke(admin, unsent.json().id)).statusCode).toBe(204);
    await background.drain();
    expect(peer.to(unsentEmail)).toHaveLength(0);
    const [message] = await ctx.database.db
      .select()
      .from(mailMessages)
      .where(eq(mailMessages.toEmail, unsentEmail));
    expect(message?.status).toBe('skipped');
    const [row] = await ctx.database.db
      .select()
      .from(invitations)
      .where(eq(invitations.id, unsent.json().id));
    expect(row?.tokenHash).toBeNull();
  });

  it('cannot be revoked once accepted', async () => {
    const admin = await buildAccount(ctx);
    const invitee = await buildAccount(ctx);
    const { token, invitation } = await invited(admin, invitee.email);
    expect((await accept(invitee, token)).statusCode).toBe(200);
    const response = await revoke(admin, invitation.id);
    expect(response.statusCode).toBe(410);
    expect(response.json().error.code).toBe('INVITATION_CLOSED');
  });
});

describe('roles', () => {
  it('promotes and demotes, and never demotes the last admin', async () => {
    const admin = await buildAccount(ctx);
    const member = await buildMember(ctx, admin);

    const alone = await changeRole(admin, admin.userId, 'member');
    expect(alone.statusCode).toBe(409);
    expect(alone.json().error).toEqual({ code: 'LAST_ADMIN', message: lastAdmin });

    const promoted = await changeRole(admin, member.userId, 'admin');
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ userId: member.userId, role: 'admin', you: false });
    expect((await me(member)).json().user.role).toBe('admin');
    expect((await changeRole(admin, member.userId, 'admin')).statusCode).toBe(200);

    // With two admins, one may step down; then the other is the last.
    const stepDown = await changeRole(admin, admin.userId, 'member');
    expect(stepDown.statusCode).toBe(200);
    expect(stepDown.json()).toMatchObject({ role: 'member', you: true });
    expect((await me(admin)).json().user.role).toBe('member');
    const last = await changeRole(member, member.userId, 'member');
    expect(last.statusCode).toBe(409);
    expect(last.json().error.code).toBe('LAST_ADMIN');
  });

  it('two admins demoting each other at the same time leave one admin', async () => {
    const first = await buildAccount(ctx);
    const second = await buildMember(ctx, first);
    expect((await changeRole(first, second.userId, 'admin')).statusCode).toBe(200);
    const answers = await Promise.all([
      changeRole(first, second.userId, 'member'),
      changeRole(second, first.userId, 'member'),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 403]);
    const roles = await ctx.database.db
      .select({ role: memberships.role })
      .from(memberships)
      .where(eq(memberships.organizationId, first.organizationId));
    expect(roles.filter((row) => row.role === 'admin')).toHaveLength(1);
  });

  it('refuses a role that does not exist', async () => {
    const admin = await buildAccount(ctx);
    const member = await buildMember(ctx, admin);
    const response = await call(ctx, admin, {
      method: 'PATCH',
      url: `/api/team/members/${member.userId}`,
      json: { role: 'owner' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'INVALID_INPUT', field: 'role' });
  });
});

describe('removing a member', () => {
  it('removes them and ends their sessions here, not in their other organization', async () => {
    const admin = await buildAccount(ctx);
    const member = await buildMember(ctx, admin);
    const ownSession = await sessionIn(member, (await buildAccountOrgOf(member)) ?? '');
    expect((await me(member)).statusCode).toBe(200);

    expect((await remove(admin, member.userId)).statusCode).toBe(204);
    expect((await me(member)).statusCode).toBe(401);
    expect((await me(ownSession)).statusCode).toBe(200);
    const left = await ctx.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, member.userId), eq(sessions.organizationId, admin.organizationId)));
    expect(left).toHaveLength(0);
    expect((await team(admin)).json().members).toHaveLength(1);
    expect((await remove(admin, member.userId)).statusCode).toBe(404);
  });

  it('never removes the last admin, and lets an admin leave when another remains', async () => {
    const admin = await buildAccount(ctx);
    const self = await remove(admin, admin.userId);
    expect(self.statusCode).toBe(409);
    expect(self.json().error).toEqual({ code: 'LAST_ADMIN', message: lastAdmin });

    const other = await buildMember(ctx, admin);
    expect((await changeRole(admin, other.userId, 'admin')).statusCode).toBe(200);
    const leave = await remove(admin, admin.userId);
    expect(leave.statusCode).toBe(204);
    const cleared = leave.cookies.find((cookie) => cookie.name === cookies.session.name);
    expect(cleared?.value).toBe('');
    expect((await me(admin)).statusCode).toBe(401);
    const removeLast = await remove(other, other.userId);
    expect(removeLast.statusCode).toBe(409);
    expect(removeLast.json().error.message).toBe(lastAdmin);
  });
});

describe('who may do what', () => {
  it('lets members read the team but forbids every admin action (403)', async () => {
    const admin = await buildAccount(ctx);
    const member = await buildMember(ctx, admin);
    const pending = (await invite(admin, freshEmail())).json();
    expect((await team(member)).statusCode).toBe(200);
    const attempts = [
      [await invite(member, freshEmail()), 'Only an admin can invite people'],
      [await revoke(member, pending.id), 'Only an admin can revoke invitations'],
      [await changeRole(member, member.userId, 'admin'), 'Only an admin can change roles'],
      [await changeRole(member, admin.userId, 'member'), 'Only an admin can change roles'],
      [await remove(member, admin.userId), 'Only an admin can remove members'],
    ] as const;
    for (const [response, message] of attempts) {
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toEqual({ code: 'FORBIDDEN', message });
    }
    // Nothing changed.
    const after = (await team(admin)).json();
    expect(after.members.map((m: { role: string }) => m.role)).toEqual(['admin', 'member']);
    expect(after.invitations).toHaveLength(1);
  });

  it("answers 404 for another organization's members and invitations, as for missing ones", async () => {
    const admin = await buildAccount(ctx);
    const other = await buildAccount(ctx);
    const otherMember = await buildMember(ctx, other);
    const otherInvitation = (await invite(other, freshEmail())).json();
    const missing = randomUUID();
    for (const response of [
      await changeRole(admin, other.userId, 'member'),
      await changeRole(admin, otherMember.userId, 'admin'),
      await changeRole(admin, missing, 'admin'),
      await remove(admin, other.userId),
      await remove(admin, otherMember.userId),
      await remove(admin, missing),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: 'Member not found' });
    }
    for (const response of [await revoke(admin, otherInvitation.id), await revoke(admin, missing)]) {
      expect(response.statusCode).toBe(404);
      expect(response.json().error).toEqual({ code: 'NOT_FOUND', message: 'Invitation not found' });
    }
    // Untouched.
    expect((await team(other)).json().invitations).toHaveLength(1);
    expect((await me(otherMember)).statusCode).toBe(200);
    expect((await remove(admin, 'not-a-uuid')).statusCode).toBe(400);
  });
});

/** The organization the account made when it signed up (the one that is not the one it was added to). */
async function buildAccountOrgOf(account: TestAccount): Promise<string | undefined> {
  const rows = await ctx.database.db
    .select({ organizationId: memberships.organizationId })
    .from(memberships)
    .where(eq(memberships.userId, account.userId));
  return rows.find((row) => row.organizationId !== account.organizationId)?.organizationId;
}
