import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contracts, mailMessages } from '../../src/server/db/schema';
import {
  consumeOutgoingMail,
  outgoingMailLimits,
} from '../../src/server/services/rate-limits/outgoing-mail-limits';
import { outboxBackgroundFor } from '../support/background';
import { buildAccount, call, sampleDocument, type TestAccount, testApp } from '../support/test-app';

const ctx = await testApp();

const spamTitle = 'URGENT: your mailbox will be closed, call +1 555 0100';

async function draft(account: TestAccount, signers: { name: string; email: string }[] = []) {
  const response = await call(ctx, account, {
    method: 'POST',
    url: '/api/contracts',
    json: { title: spamTitle, content: sampleDocument(), signers },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

const people = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => ({
    name: `Target ${index}`,
    email: `${prefix}-${index}@example.net`,
  }));

const review = (account: TestAccount, id: string, reviewers: { name: string; email: string }[]) =>
  call(ctx, account, { method: 'POST', url: `/api/contracts/${id}/review`, json: { reviewers } });

async function reviewInvitationsOf(account: TestAccount): Promise<number> {
  const rows = await ctx.database.db
    .select({ id: mailMessages.id })
    .from(mailMessages)
    .where(
      and(
        eq(mailMessages.organizationId, account.organizationId),
        eq(mailMessages.kind, 'review_invitation'),
      ),
    );
  return rows.length;
}

function expectLimited(response: Awaited<ReturnType<typeof call>>, what: string) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json().error).toMatchObject({ code: 'RATE_LIMITED' });
  expect(response.json().error.message).toContain(`Your organization can send at most`);
  expect(response.json().error.message).toContain(what);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('mail members cause to addresses of their choosing', () => {
  it('stops review rounds of 20 spam recipients at the daily cap, and sends nothing refused', async () => {
    const spammer = await buildAccount(ctx, { name: 'Demo User', organizationName: 'Demo Company' });
    const id = await draft(spammer);
    const { reviewRecipients } = outgoingMailLimits;
    const allowed = Math.floor(reviewRecipients.limit / 20);
    // The report's reproduction (10 rounds of 20 within seconds), carried on until refused.
    for (let round = 1; round <= allowed; round += 1) {
      const sent = await review(spammer, id, people(`round-${round}`, 20));
      expect(sent.statusCode, `round ${round}: ${sent.body}`).toBe(200);
    }
    const refused = await review(spammer, id, people('one-too-many', 20));
    expectLimited(refused, `${reviewRecipients.limit} review invitations a day`);
    await (await outboxBackgroundFor(ctx.database, { demo: false, logLines: [] })).drain();
    expect(await reviewInvitationsOf(spammer)).toBe(allowed * 20);
    // Another organization is not held back by this one.
    const neighbour = await buildAccount(ctx);
    expect((await review(neighbour, await draft(neighbour), people('neighbour', 20))).statusCode).toBe(200);
  }, 90_000); // Hundreds of review invitations queued and delivered: 27 s on a busy machine.

  it('caps review rounds an hour, however few reviewers each has', async () => {
    const owner = await buildAccount(ctx);
    const id = await draft(owner);
    const { reviewRounds } = outgoingMailLimits;
    for (let round = 1; round <= reviewRounds.limit; round += 1) {
      const sent = await review(owner, id, [{ name: 'Rae', email: 'rae@example.org' }]);
      expect(sent.statusCode, `round ${round}: ${sent.body}`).toBe(200);
    }
    const refused = await review(owner, id, [{ name: 'Rae', email: 'rae@example.org' }]);
    expectLimited(refused, `${reviewRounds.limit} review rounds an hour`);
  });

  it('caps the signers contracts are sent to and reminded, per day', async () => {
    const owner = await buildAccount(ctx);
    const { signingRecipients } = outgoingMailLimits;
    // What the organization sent earlier today, counted as a send counts it.
    await consumeOutgoingMail(
      ctx.database.db,
      owner.organizationId,
      'signingRecipients',
      signingRecipients.limit - 2,
    );
    const two = await draft(owner, people('pair', 2));
    const one = await draft(owner, people('single', 1));
    const refused = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${one}/send`, json: {} });
    expect(refused.statusCode, refused.body).toBe(200);
    const over = await call(ctx, owner, { method: 'POST', url: `/api/contracts/${two}/send`, json: {} });
    expectLimited(over, `${signingRecipients.limit} signing invitations and reminders a day`);
    const [still] = await ctx.database.db.select().from(contracts).where(eq(contracts.id, two));
    expect(still?.status).toBe('draft');
    const signing = (await call(ctx, owner, { method: 'GET', url: `/api/contracts/${one}/signing` })).json();
    const remind = () =>
      call(ctx, owner, {
        method: 'POST',
        url: `/api/contracts/${one}/signers/${signing.signers[0].id}/remind`,
      });
    expect((await remind()).statusCode).toBe(204);
    expectLimited(await remind(), 'signing invitations and reminders');
  });

  it('caps team invitations a day', async () => {
    const admin = await buildAccount(ctx);
    const { teamInvitations } = outgoingMailLimits;
    await consumeOutgoingMail(
      ctx.database.db,
      admin.organizationId,
      'teamInvitations',
      teamInvitations.limit - 1,
    );
    const invite = (email: string) =>
      call(ctx, admin, { method: 'POST', url: '/api/team/invitations', json: { email, role: 'member' } });
    expect((await invite('last-one@example.com')).statusCode).toBe(201);
    expectLimited(await invite('one-more@example.com'), `${teamInvitations.limit} team invitations a day`);
  });
});
