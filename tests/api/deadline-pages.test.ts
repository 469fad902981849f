import { afterEach, describe, expect, it } from 'vitest';
import { resetClock } from '../../src/server/clock';
import { addDays, addMonths, dayOf } from '../../src/shared/terms';
import { bringTo } from '../support/contract-factory';
import { buildAccount, call, sampleDocument, testApp } from '../support/test-app';

// The clock control of the browser tests, served by an app made with it on.
const ctx = await testApp({ clockControl: true });
const admin = await buildAccount(ctx);
// Days moved on end the session too: each test starts from the real time again.
afterEach(resetClock);

async function signedContract(title: string): Promise<string> {
  const created = await call(ctx, admin, {
    method: 'POST',
    url: '/api/contracts',
    json: { title, content: sampleDocument(`${title}: the parties agree.`) },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  await bringTo(ctx, admin, id, 'signed');
  return id;
}

const advance = (advanceDays: unknown) =>
  call(ctx, null, { method: 'POST', url: '/api/test-clock', json: { advanceDays } });

describe('the test clock (CLOCK_CONTROL)', () => {
  it('moves the clock by whole days, answers the new time and runs the sweeps: a renewal is rolled', async () => {
    const start = (await advance(0)).json().now as string;
    const today = start.slice(0, 10);
    const id = await signedContract('Renewing lease');
    const terms = await call(ctx, admin, {
      method: 'PATCH',
      url: `/api/contracts/${id}/terms`,
      json: {
        effectiveOn: today,
        duration: 'until',
        endOn: addDays(today, 2),
        renewal: 'automatic',
        renewalMonths: 1,
      },
    });
    expect(terms.statusCode, terms.body).toBe(200);

    const moved = await advance(3);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(dayOf(new Date(moved.json().now))).toBe(addDays(today, 3));
    resetClock();
    const after = await call(ctx, admin, { method: 'GET', url: `/api/contracts/${id}/terms` });
    expect(after.json().endOn).toBe(addMonths(addDays(today, 2), 1));
  });

  it('refuses what is not a whole number of days ahead', async () => {
    for (const days of [-1, 1.5, 'two', 4000]) {
      const response = await advance(days);
      expect(response.statusCode, String(days)).toBe(400);
      expect(response.json().error.field).toBe('advanceDays');
    }
  });
});

describe('the Deadlines page and the dashboard read', () => {
  it('lists a range the page asks for, by its own today, and the summary counts what is near', async () => {
    const today = ((await advance(0)).json().now as string).slice(0, 10);
    const id = await signedContract('Support contract');
    await call(ctx, admin, {
      method: 'PATCH',
      url: `/api/contracts/${id}/terms`,
      json: { duration: 'until', endOn: addDays(today, 40), noticeDays: 30, counterpartyCompany: 'Acme' },
    });
    // A month of the calendar: the notice deadline (in 10 days) falls in it, the end date (40) may not.
    const month = await call(ctx, admin, {
      method: 'GET',
      url: `/api/deadlines?from=${today}&to=${addDays(today, 20)}&mine=false&limit=500`,
    });
    expect(month.statusCode, month.body).toBe(200);
    const items = month.json().items as {
      contractId: string;
      kind: string;
      daysLeft: number;
      counterparty: string;
    }[];
    expect(items.filter((item) => item.contractId === id)).toEqual([
      expect.objectContaining({ kind: 'notice', daysLeft: 10, counterparty: 'Acme' }),
    ]);
    const summary = (await call(ctx, admin, { method: 'GET', url: '/api/deadlines/summary' })).json();
    expect(summary.within30).toBeGreaterThanOrEqual(1);
    expect(summary.within60).toBeGreaterThanOrEqual(summary.within30 + 1);
    expect(summary.next.some((item: { contractId: string }) => item.contractId === id)).toBe(true);
  });
});
