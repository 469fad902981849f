import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contractHistory, contracts, mailMessages, notifications } from '../../src/server/db/schema';
import { runSweeps } from '../../src/server/jobs/background-work';
import { withMail } from '../support/background';
import { createAndSend, latestTokenFor, openLink, signAs } from '../support/signing';
import { buildAccount, call, testApp } from '../support/test-app';

let counter = 0;

const ctx = await testApp();
const owner = await buildAccount(ctx, { name: 'Sam Sender' });
const { peer, background } = await withMail(ctx);

function person(name: string) {
  counter += 1;
  return { name, email: `${name.toLowerCase()}-${counter}@example.com` };
}

async function actionsOf(id: string) {
  const rows = await ctx.database.db.select().from(contractHistory).where(eq(contractHistory.contractId, id));
  return rows.sort((a, b) => a.seq - b.seq).map((row) => row.action);
}

async function statusOf(id: string) {
  const [row] = await ctx.database.db
    .select({ status: contracts.status })
    .from(contracts)
    .where(eq(contracts.id, id));
  return row?.status;
}

describe('signing in order', () => {
  it('invites only the first signer, then the next when the one before signs', async () => {
    const first = person('First');
    const second = person('Second');
    const id = await createAndSend(ctx, owner, [first, second], { sequential: true });
    await background.drain();
    expect(peer.to(first.email)).toHaveLength(1);
    expect(peer.to(second.email)).toHaveLength(0);

    const browser = await openLink(ctx, latestTokenFor(peer, first.email));
    expect((await signAs(ctx, browser, { fullName: first.name })).statusCode).toBe(204);
    await background.drain();
    expect(peer.to(second.email)).toHaveLength(1);
    const secondBrowser = await openLink(ctx, latestTokenFor(peer, second.email));
    expect(secondBrowser.state).toBe('ready');
    expect((await signAs(ctx, secondBrowser, { fullName: second.name })).statusCode).toBe(204);
    expect(await statusOf(id)).toBe('signed');
  });
});

describe('declining', () => {
  it('cancels the contract, records the reason, tells the sender, and closes every other link', async () => {
    const decliner = person('Dora');
    const other = person('Otto');
    const id = await createAndSend(ctx, owner, [decliner, other]);
    await background.drain();
    const doraBrowser = await openLink(ctx, latestTokenFor(peer, decliner.email));
    const declined = await call(ctx, null, {
      method: 'POST',
      url: `/api/signing/${doraBrowser.signerId}/decline`,
      headers: { cookie: doraBrowser.cookie },
      json: { reason: 'The fee is wrong' },
    });
    expect(declined.statusCode).toBe(204);
    expect(await statusOf(id)).toBe('canceled');
    const history = await ctx.database.db
      .select()
      .from(contractHistory)
      .where(eq(contractHistory.contractId, id));
    expect(history.find((entry) => entry.action === 'declined')?.details).toContain('The fee is wrong');
    await background.drain();
    const toSender = peer.to(owner.email).filter((mail) => mail.subject?.includes('declined'));
    expect(toSender).toHaveLength(1);
    expect(toSender[0]?.text).toContain('The fee is wrong');
    const ottoBrowser = await openLink(ctx, latestTokenFor(peer, other.email));
    expect(ottoBrowser.state).toBe('canceled');
    const refused = await signAs(ctx, ottoBrowser, { fullName: other.name });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toContain('canceled');
    const bell = await ctx.database.db.select().from(notifications).where(eq(notifications.contractId, id));
    expect(bell.map((row) => row.kind)).toContain('declined');
  });
});

describe('canceling', () => {
  it('voids a sent contract with a reason, tells the invited signers, and closes their links', async () => {
    const signer = person('Carla');
    const id = await createAndSend(ctx, owner, [signer]);
    await background.drain();
    const token = latestTokenFor(peer, signer.email);
    const response = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/cancel`,
      json: { reason: 'Replaced by a new version' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().status).toBe('canceled');
    await background.drain();
    const told = peer.to(signer.email).filter((mail) => mail.subject?.includes('canceled'));
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('Replaced by a new version');
    expect((await openLink(ctx, token)).state).toBe('canceled');
    const again = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/cancel`,
      json: { reason: 'x' },
    });
    expect(again.statusCode).toBe(409);
    expect(await actionsOf(id)).toContain('canceled');
  });
});

describe('expiry', () => {
  it('expires a sent contract past its date once, closes its links and tells the sender', async () => {
    const signer = person('Eve');
    const soon = new Date(Date.now() + 60 * 60 * 1000);
    const id = await createAndSend(ctx, owner, [signer], { expiresAt: soon.toISOString() });
    await background.drain();
    const token = latestTokenFor(peer, signer.email);
    const later = new Date(soon.getTime() + 1000);
    expect((await runSweeps(ctx.database.db, later)).expired).toBeGreaterThanOrEqual(1);
    expect((await runSweeps(ctx.database.db, later)).expired).toBe(0);
    expect(await statusOf(id)).toBe('expired');
    expect((await actionsOf(id)).filter((action) => action === 'expired')).toHaveLength(1);
    expect((await openLink(ctx, token)).state).toBe('expired');
    await background.drain();
    expect(peer.to(owner.email).filter((mail) => mail.subject?.includes('expired'))).toHaveLength(1);
  });
});

describe('reminders', () => {
  it('reminds by hand and automatically at the interval, each with a fresh link and a history entry', async () => {
    const signer = person('Rita');
    const id = await createAndSend(ctx, owner, [signer]);
    await background.drain();
    const [row] = await ctx.database.db.select().from(contracts).where(eq(contracts.id, id));
    const signerId = (await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}` })).json()
      .signers[0].id;
    const manual = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/signers/${signerId}/remind`,
    });
    expect(manual.statusCode).toBe(204);
    await background.drain();
    const reminders = () => peer.to(signer.email).filter((mail) => mail.subject?.startsWith('Reminder'));
    expect(reminders()).toHaveLength(1);
    // Every link e-mailed works: the invitation's and the reminder's.
    expect((await openLink(ctx, latestTokenFor(peer, signer.email))).state).toBe('ready');

    // Nothing is due before the interval (3 days by default); one reminder once it has passed.
    const sentAt = row?.sentAt ?? new Date();
    expect((await runSweeps(ctx.database.db, new Date(sentAt.getTime() + 24 * 3600 * 1000))).reminded).toBe(
      0,
    );
    const due = new Date(Date.now() + 4 * 24 * 3600 * 1000);
    expect((await runSweeps(ctx.database.db, due)).reminded).toBe(1);
    expect((await runSweeps(ctx.database.db, due)).reminded).toBe(0);
    await background.drain(due);
    expect(reminders()).toHaveLength(2);
    expect((await actionsOf(id)).filter((action) => action === 'reminded')).toHaveLength(2);
  });
});

describe('an unreachable SMTP server', () => {
  it('keeps every message, retries with backoff, and delivers each exactly once when it is back', async () => {
    const signer = person('Uma');
    peer.state.refusing = true;
    const id = await createAndSend(ctx, owner, [signer]);
    await background.drain();
    const [queued] = await ctx.database.db.select().from(mailMessages).where(eq(mailMessages.contractId, id));
    expect(queued?.status).toBe('queued');
    expect(queued?.lastError).toBeTruthy();
    expect(peer.to(signer.email)).toHaveLength(0);
    // Not retried before its backoff.
    expect(await background.drain()).toBe(0);
    peer.state.refusing = false;
    await background.drain(new Date(Date.now() + 60_000));
    expect(peer.to(signer.email)).toHaveLength(1);
    await background.drain(new Date(Date.now() + 24 * 3600 * 1000));
    expect(peer.to(signer.email)).toHaveLength(1);
    const [sent] = await ctx.database.db.select().from(mailMessages).where(eq(mailMessages.contractId, id));
    expect(sent?.status).toBe('sent');
  });

  it('marks a message failed after its last attempt, shows it on the contract, and Resend delivers it', async () => {
    const signer = person('Fay');
    peer.state.refusing = true;
    const id = await createAndSend(ctx, owner, [signer]);
    let at = Date.now();
    for (let attempt = 0; attempt < 8; attempt += 1) {
      await background.drain(new Date(at));
      at += 7 * 3600 * 1000;
    }
    const signing = (await call(ctx, owner, { method: 'GET', url: `/api/contracts/${id}/signing` })).json();
    const failed = signing.mail.find((mail: { status: string }) => mail.status === 'failed');
    expect(failed).toBeTruthy();
    expect(await actionsOf(id)).toContain('mail_failed');
    peer.state.refusing = false;
    const resend = await call(ctx, owner, {
      method: 'POST',
      url: `/api/contracts/${id}/mail/${failed.id}/resend`,
    });
    expect(resend.statusCode).toBe(204);
    await background.drain(new Date(at));
    expect(peer.to(signer.email)).toHaveLength(1);
  });
});

describe('links that cannot sign', () => {
  it("refuses another signer's cookie and a cookie for a different signer id", async () => {
    const a = person('Ann');
    const b = person('Ben');
    await createAndSend(ctx, owner, [a, b]);
    await background.drain();
    const annBrowser = await openLink(ctx, latestTokenFor(peer, a.email));
    const benBrowser = await openLink(ctx, latestTokenFor(peer, b.email));
    const crossed = await signAs(
      ctx,
      {
        ...benBrowser,
        cookie: annBrowser.cookie.replace(/^[^=]+/, `pactum_sign_${benBrowser.signerId.replaceAll('-', '')}`),
      },
      { fullName: b.name },
    );
    expect(crossed.statusCode).toBe(401);
  });
});
