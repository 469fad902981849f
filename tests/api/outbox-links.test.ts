import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signers } from '../../src/server/db/schema';
import { withheldLinkNote } from '../../src/server/mail/compose-mail';
import { scannedPdf } from '../fixtures/pdf/hostile-pdfs';
import { outboxBackgroundFor } from '../support/background';
import { draftFromPdf } from '../support/pdf-drafts';
import { createAndSend, openLink, signAs } from '../support/signing';
import { buildAccount, call, type TestAccount, testApp } from '../support/test-app';

/** Any link that lets whoever holds it act as its recipient: a token of 43 base64url characters. */
const accessLink = /\/(invitations|sign|review|reset-password|confirm-email)\/[A-Za-z0-9_-]{43}/;

type OutboxItem = {
  kind: string;
  to: { email: string };
  subject: string | null;
  text: string | null;
  html: string | null;
};

const ctx = await testApp();

/**
 * What reaches other people's hands from one organization: a team invitation (as admin), a
 * contract sent for signing and reminded, a review round and a password reset.
 */
async function mailEveryone(admin: TestAccount, tag: string) {
  const invited = await call(ctx, admin, {
    method: 'POST',
    url: '/api/team/invitations',
    json: { email: `new.partner-${tag}@example.com`, role: 'admin' },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const contractId = await createAndSend(ctx, admin, [
    { name: 'Victim Signer', email: `victim-signer-${tag}@example.net` },
  ]);
  const [signer] = await ctx.database.db.select().from(signers).where(eq(signers.contractId, contractId));
  const reminded = await call(ctx, admin, {
    method: 'POST',
    url: `/api/contracts/${contractId}/signers/${signer?.id}/remind`,
  });
  expect(reminded.statusCode, reminded.body).toBe(204);
  const draft = await call(ctx, admin, {
    method: 'POST',
    url: '/api/contracts',
    json: { title: 'Draft under review', content: { type: 'doc', content: [{ type: 'paragraph' }] } },
  });
  expect(draft.statusCode, draft.body).toBe(201);
  const reviewed = await call(ctx, admin, {
    method: 'POST',
    url: `/api/contracts/${draft.json().id}/review`,
    json: { reviewers: [{ name: 'Rita Reviewer', email: `rita-${tag}@example.org` }] },
  });
  expect(reviewed.statusCode, reviewed.body).toBe(200);
  const reset = await call(ctx, null, {
    method: 'POST',
    url: '/api/auth/password-reset',
    json: { email: admin.email },
    remoteAddress: `10.9.${tag.length}.7`,
  });
  expect(reset.statusCode, reset.body).toBe(202);
}

async function outboxOf(admin: TestAccount): Promise<OutboxItem[]> {
  const response = await call(ctx, admin, { method: 'GET', url: '/api/mail/outbox' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items as OutboxItem[];
}

describe('the mail outbox without SMTP', () => {
  it('refuses an API token, a read-only one included', async () => {
    const admin = await buildAccount(ctx, { name: 'Tess Token' });
    const created = await call(ctx, admin, {
      method: 'POST',
      url: '/api/api-tokens',
      json: { name: 'Dashboard', scope: 'read' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const outbox = await call(ctx, null, {
      method: 'GET',
      url: '/api/mail/outbox',
      headers: { authorization: `Bearer ${created.json().token}` },
    });
    expect(outbox.statusCode, outbox.body).toBe(403);
    expect(outbox.body).not.toContain('/invitations/');
  });

  it('shows each mail an admin caused, with no link that acts as its recipient, and logs none', async () => {
    const admin = await buildAccount(ctx, { name: 'Adam Admin', organizationName: 'Outbox Works' });
    const logLines: string[] = [];
    const background = await outboxBackgroundFor(ctx.database, { demo: false, logLines });
    await mailEveryone(admin, 'prod');
    await background.drain();

    const items = await outboxOf(admin);
    const byKind = (kind: string) => items.find((item) => item.kind === kind);
    for (const kind of ['team_invitation', 'invitation', 'reminder', 'review_invitation', 'password_reset']) {
      const item = byKind(kind);
      expect(item, kind).toMatchObject({ status: 'held', subject: expect.any(String) });
      expect(item?.text, kind).toContain(withheldLinkNote);
      expect(item?.html, kind).toContain(withheldLinkNote);
    }
    expect(byKind('team_invitation')?.text).toContain(
      'invited you to join Outbox Works on Pactum as an admin',
    );
    expect(byKind('team_invitation')?.text).toContain(`Accept the invitation: (${withheldLinkNote})`);
    for (const item of items) {
      expect(`${item.text} ${item.html}`, item.kind).not.toMatch(accessLink);
    }
    // Outside demo mode the links are nowhere but in the (here absent) recipient's mailbox.
    expect(logLines.join('')).not.toMatch(accessLink);
  });

  it('in demo mode prints each link to the log instead, where it works', async () => {
    const admin = await buildAccount(ctx, { name: 'Dana Demo', organizationName: 'Demo Outbox' });
    const logLines: string[] = [];
    const background = await outboxBackgroundFor(ctx.database, { demo: true, logLines });
    await mailEveryone(admin, 'demo');
    await background.drain();

    const items = await outboxOf(admin);
    for (const item of items) expect(`${item.text} ${item.html}`, item.kind).not.toMatch(accessLink);
    const linked = logLines
      .map((line) => JSON.parse(line) as { to?: string; link?: string })
      .filter((entry) => entry.link !== undefined);
    const linkTo = (email: string) =>
      new URL(linked.find((entry) => entry.to === email)?.link ?? 'http://none/').pathname;

    const invitation = linkTo('new.partner-demo@example.com');
    expect(invitation).toMatch(accessLink);
    const viewed = await call(ctx, null, { method: 'GET', url: `/api/${invitation.slice(1)}` });
    expect(viewed.statusCode, viewed.body).toBe(200);
    expect(linkTo('victim-signer-demo@example.net')).toMatch(/^\/sign\//);
    const opened = await call(ctx, null, {
      method: 'POST',
      url: '/api/signing/sessions',
      json: { token: linkTo('victim-signer-demo@example.net').split('/').at(-1) },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(linkTo('rita-demo@example.org')).toMatch(/^\/review\//);
    expect(linkTo(admin.email)).toMatch(/^\/reset-password\//);
  });

  it('keeps no link to a signer’s page in the copy of a completion too large to attach', async () => {
    const admin = await buildAccount(ctx, { name: 'Lena Large', organizationName: 'Large Scans' });
    const logLines: string[] = [];
    const background = await outboxBackgroundFor(ctx.database, { demo: true, logLines });
    const signer = { name: 'Larissa Large', email: 'larissa-large@example.net' };
    const { id } = await draftFromPdf(ctx, admin, scannedPdf(8, 9), 'Scans.pdf', [signer]);
    const sent = await call(ctx, admin, { method: 'POST', url: `/api/contracts/${id}/send`, json: {} });
    expect(sent.statusCode, sent.body).toBe(200);
    await background.drain();
    const invitation = logLines
      .map((line) => JSON.parse(line) as { to?: string; link?: string })
      .find((entry) => entry.to === signer.email && entry.link);
    const token = new URL(invitation?.link ?? 'http://none/').pathname.split('/').at(-1) ?? '';
    const signed = await signAs(ctx, await openLink(ctx, token), { fullName: signer.name });
    expect(signed.statusCode, signed.body).toBe(204);
    await background.drain();

    const completed = (await outboxOf(admin)).filter((item) => item.kind === 'completed');
    expect(completed.map((item) => item.to.email).sort()).toEqual([admin.email, signer.email].sort());
    const toSigner = completed.find((item) => item.to.email === signer.email);
    expect(toSigner?.text).toContain('is too large to send by e-mail');
    expect(toSigner?.text).toContain(withheldLinkNote);
    for (const item of completed) expect(`${item.text} ${item.html}`).not.toMatch(accessLink);
  }, 120_000);
});
