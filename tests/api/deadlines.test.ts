import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { contractDeadlines, events, memberships, notifications } from '../../src/server/db/schema';
import { runSweeps } from '../../src/server/jobs/background-work';
import { addDays, addMonths, dayOf } from '../../src/shared/terms';
import { withMail } from '../support/background';
import { bringTo } from '../support/contract-factory';
import {
  buildAccount,
  buildMember,
  call,
  sampleDocument,
  type TestAccount,
  testApp,
} from '../support/test-app';

const ctx = await testApp();
const { peer, background } = await withMail(ctx);
const admin = await buildAccount(ctx);
const watcher = await buildMember(ctx, admin);
const digester = await buildMember(ctx, admin);
const stranger = await buildAccount(ctx);

/**
 * Today as the API sees it; the sweeps are run for the days the tests choose (`runSweeps(db, at)`),
 * which is how the clock is moved for them without moving the sessions' clock.
 */
const today = dayOf(new Date());
const at = (day: string) => new Date(`${day}T12:00:00Z`);

async function create(account: TestAccount, title: string): Promise<string> {
  const response = await call(ctx, account, {
    method: 'POST',
    url: '/api/contracts',
    json: { title, content: sampleDocument(`${title}: the parties agree.`) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

const patchTerms = async (account: TestAccount, id: string, json: Record<string, unknown>) => {
  const response = await call(ctx, account, { method: 'PATCH', url: `/api/contracts/${id}/terms`, json });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

const sweep = async (day: string) => {
  const done = await runSweeps(ctx.database.db, at(day));
  await background.drain();
  return done;
};

const mailTo = (account: TestAccount) => peer.to(account.email);

describe('deadlines', () => {
  it('reach the owner and watchers once, at the lead times each chose, by bell and e-mail or a digest', async () => {
    const id = await create(admin, 'Office lease Kraków');
    // Ends in 40 days with 30 days' notice: the notice deadline is in 10 days.
    await patchTerms(admin, id, { duration: 'until', endOn: addDays(today, 40), noticeDays: 30 });
    expect(
      (
        await call(ctx, watcher, {
          method: 'PUT',
          url: `/api/contracts/${id}/watch`,
          json: { watching: true },
        })
      ).json(),
    ).toEqual({ watching: true });
    await call(ctx, digester, { method: 'PUT', url: `/api/contracts/${id}/watch`, json: { watching: true } });
    const prefs = await call(ctx, watcher, {
      method: 'PUT',
      url: '/api/profile/deadline-reminders',
      json: { leadDays: [7, 3, 7, 400] },
    });
    expect(prefs.statusCode, prefs.body).toBe(400);
    const chosen = await call(ctx, watcher, {
      method: 'PUT',
      url: '/api/profile/deadline-reminders',
      json: { leadDays: [3, 7] },
    });
    expect(chosen.json()).toMatchObject({ leadDays: [7, 3], digest: false });
    await call(ctx, digester, {
      method: 'PUT',
      url: '/api/profile/deadline-reminders',
      json: { digest: true },
    });

    const list = await call(ctx, admin, { method: 'GET', url: `/api/deadlines?from=${today}` });
    expect(
      list.json().items.map((item: { label: string; daysLeft: number }) => [item.label, item.daysLeft]),
    ).toEqual([
      ['Notice deadline', 10],
      ['End date', 40],
    ]);
    const summary = (await call(ctx, admin, { method: 'GET', url: '/api/deadlines/summary' })).json();
    expect(summary).toMatchObject({ within30: 1, within60: 2, within90: 2 });

    // Today: the owner's 30- and 90-day lead times are crossed by both deadlines' notice... once each.
    await sweep(today);
    const ownerMail = mailTo(admin).filter((mail) => mail.subject?.includes('Office lease Kraków'));
    expect(ownerMail.map((mail) => mail.subject)).toEqual(
      expect.arrayContaining(['Notice deadline of "Office lease Kraków" in 10 days']),
    );
    expect(ownerMail).toHaveLength(2);
    expect(ownerMail.map((mail) => mail.subject).sort()).toEqual([
      'End date of "Office lease Kraków" in 40 days',
      'Notice deadline of "Office lease Kraków" in 10 days',
    ]);
    // The watcher chose 7 and 3 days: nothing yet.
    expect(mailTo(watcher)).toHaveLength(0);
    // The digest taker has one message listing both.
    const digests = mailTo(digester);
    expect(digests).toHaveLength(1);
    expect(digests[0]?.text).toContain('Notice deadline of "Office lease Kraków"');
    expect(digests[0]?.text).toContain('End date of "Office lease Kraków"');

    // The same day again: nobody is reminded twice.
    await sweep(today);
    expect(mailTo(admin).filter((mail) => mail.subject?.includes('Office lease Kraków'))).toHaveLength(2);
    expect(mailTo(digester)).toHaveLength(1);

    // Three days before the notice deadline the watcher hears of it, once, in the bell too.
    await sweep(addDays(today, 7));
    await sweep(addDays(today, 7));
    expect(mailTo(watcher).map((mail) => mail.subject)).toEqual([
      'Notice deadline of "Office lease Kraków" in 3 days',
    ]);
    const bell = await ctx.database.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, watcher.userId), eq(notifications.kind, 'deadline')));
    expect(bell.map((row) => row.message)).toEqual([
      `Notice deadline of "Office lease Kraków" is ${addDays(today, 10)}, in 3 days`,
    ]);
    const reminded = await ctx.database.db
      .select({ data: events.data })
      .from(events)
      .where(and(eq(events.contractId, id), eq(events.type, 'contract.deadline_approaching')));
    expect(reminded.length).toBeGreaterThanOrEqual(3);
  });

  it('are not given for a contract of another organization, nor to someone who left', async () => {
    const theirs = await create(stranger, 'Their lease');
    await patchTerms(stranger, theirs, { duration: 'until', endOn: addDays(today, 5) });
    const list = await call(ctx, admin, { method: 'GET', url: `/api/deadlines?from=${today}` });
    expect(
      list.json().items.some((item: { contractTitle: string }) => item.contractTitle === 'Their lease'),
    ).toBe(false);
    expect(
      (
        await call(ctx, admin, {
          method: 'PUT',
          url: `/api/contracts/${theirs}/watch`,
          json: { watching: true },
        })
      ).statusCode,
    ).toBe(404);

    // A watcher who left the organization hears nothing more of its contracts.
    const leaver = await buildMember(ctx, admin);
    const id = await create(admin, 'Left behind');
    await call(ctx, leaver, { method: 'PUT', url: `/api/contracts/${id}/watch`, json: { watching: true } });
    await patchTerms(admin, id, { duration: 'until', endOn: addDays(today, 2) });
    await ctx.database.db.delete(memberships).where(eq(memberships.userId, leaver.userId));
    await sweep(today);
    expect(mailTo(leaver)).toHaveLength(0);
    expect(mailTo(admin).some((mail) => mail.subject === 'End date of "Left behind" in 2 days')).toBe(true);
  });

  it('roll on with an automatic renewal, which is recorded and moves the notice deadline', async () => {
    const id = await create(admin, 'Software subscription');
    await bringTo(ctx, admin, id, 'signed');
    // Signed 12 months and two weeks ago for 12 months: its end date passed two weeks ago.
    const effectiveOn = addDays(addMonths(today, -12), -14);
    const endOn = addMonths(effectiveOn, 12);
    const renewedTo = addMonths(effectiveOn, 24);
    await patchTerms(admin, id, {
      effectiveOn,
      duration: 'fixed',
      durationMonths: 12,
      renewal: 'automatic',
      renewalMonths: 12,
      noticeDays: 60,
    });
    // The end date has passed: the next sweep renews it for a year.
    const done = await sweep(today);
    expect(done.renewed).toBeGreaterThanOrEqual(1);
    const terms = (await call(ctx, admin, { method: 'GET', url: `/api/contracts/${id}/terms` })).json();
    expect(terms).toMatchObject({ endOn: renewedTo, duration: 'until', noticeOn: addDays(renewedTo, -60) });
    const history = (await call(ctx, admin, { method: 'GET', url: `/api/contracts/${id}/history` })).json();
    expect(history.items.map((item: { details: string }) => item.details)).toContain(
      `Renewed automatically: the end date moved from ${endOn} to ${renewedTo}`,
    );
    const deadlines = await ctx.database.db
      .select({ kind: contractDeadlines.kind, dueOn: contractDeadlines.dueOn })
      .from(contractDeadlines)
      .where(eq(contractDeadlines.contractId, id));
    expect(deadlines).toEqual(
      expect.arrayContaining([
        { kind: 'notice', dueOn: addDays(renewedTo, -60) },
        { kind: 'end', dueOn: renewedTo },
      ]),
    );
    // A second sweep renews nothing more.
    expect((await sweep(today)).renewed).toBe(0);
    const bell = await ctx.database.db
      .select({ message: notifications.message })
      .from(notifications)
      .where(and(eq(notifications.userId, admin.userId), eq(notifications.kind, 'renewed')));
    expect(bell.map((row) => row.message)).toContain(
      `"Software subscription" renewed automatically; it now ends on ${renewedTo}`,
    );
  });

  it('are in a calendar feed at a secret, revocable address that a real iCalendar parser reads', async () => {
    const id = await create(admin, 'Feed contract — Ελληνική σύμβαση');
    await patchTerms(admin, id, {
      duration: 'until',
      endOn: addDays(today, 100),
      noticeDays: 30,
      counterpartyCompany: 'Acme',
    });
    const made = await call(ctx, admin, { method: 'POST', url: '/api/profile/calendar-feed' });
    expect(made.statusCode, made.body).toBe(201);
    const { url } = made.json() as { url: string };
    const path = new URL(url).pathname;
    const feed = await call(ctx, null, { method: 'GET', url: path });
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.headers['content-type']).toContain('text/calendar');
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    const found = calendar
      .getAllSubcomponents('vevent')
      .map((event) => new ICAL.Event(event))
      .filter((event) => event.summary.includes('Ελληνική σύμβαση'));
    expect(
      found.map((event) => [event.summary, event.startDate.toString(), event.startDate.isDate]).sort(),
    ).toEqual([
      ['End date: Feed contract — Ελληνική σύμβαση', addDays(today, 100), true],
      ['Notice deadline: Feed contract — Ελληνική σύμβαση', addDays(today, 70), true],
    ]);
    // Only the person's own contracts: the watcher's feed has none of the admin's unless watched.
    const theirs = await call(ctx, watcher, { method: 'POST', url: '/api/profile/calendar-feed' });
    const watcherFeed = await call(ctx, null, { method: 'GET', url: new URL(theirs.json().url).pathname });
    expect(watcherFeed.body).not.toContain('Ελληνική σύμβαση');

    // A new address retires the old one; turning it off retires every one; a guess is a 404.
    const again = await call(ctx, admin, { method: 'POST', url: '/api/profile/calendar-feed' });
    expect((await call(ctx, null, { method: 'GET', url: path })).statusCode).toBe(404);
    const second = new URL(again.json().url).pathname;
    expect((await call(ctx, null, { method: 'GET', url: second })).statusCode).toBe(200);
    expect((await call(ctx, admin, { method: 'DELETE', url: '/api/profile/calendar-feed' })).statusCode).toBe(
      204,
    );
    expect((await call(ctx, null, { method: 'GET', url: second })).statusCode).toBe(404);
    for (const guess of ['x.ics', `${'A'.repeat(43)}.ics`, '../../etc/passwd', `${'a'.repeat(100)}`]) {
      expect(
        (await call(ctx, null, { method: 'GET', url: `/api/calendar-feeds/${encodeURIComponent(guess)}` }))
          .statusCode,
      ).toBe(404);
    }
  });
});
