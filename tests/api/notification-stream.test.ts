import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { memberships, notifications, sessions } from '../../src/server/db/schema';
import { findSessionActor } from '../../src/server/services/sessions/find-session-actor';
import { liveSessionIds } from '../../src/server/streams/live-sessions';
import { NotificationStreams } from '../../src/server/streams/notification-streams';
import { openEventStream } from '../support/event-stream';
import { buildAccount, type TestAccount, testApp, testSecret } from '../support/test-app';

let base: string;
const ctx = await testApp();

beforeAll(async () => {
  base = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});

/** Writes a notification the way any writer would: a plain insert, in its own transaction. */
async function notify(account: TestAccount, message = 'Something happened'): Promise<number> {
  await ctx.database.db.insert(notifications).values({ userId: account.userId, kind: 'viewed', message });
  return performance.now();
}

const sessionIdOf = async (account: TestAccount) =>
  (
    await ctx.database.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.userId, account.userId))
  )[0]?.id ?? '';

describe('the notification stream', () => {
  it("says 'changed' as soon as a notification is written, not at a poll", async () => {
    const account = await buildAccount(ctx);
    const stream = await openEventStream(`${base}/api/notifications/stream`, account.cookie);
    try {
      const latencies: number[] = [];
      for (let n = 1; n <= 3; n += 1) {
        const writtenAt = await notify(account, `Notification ${n}`);
        await expect.poll(() => stream.events.length, { timeout: 5_000, interval: 2 }).toBe(n);
        latencies.push((stream.events[n - 1]?.at ?? 0) - writtenAt);
      }
      expect(stream.events.every((event) => event.event === 'changed')).toBe(true);
      // The stream used to look every 2 s; now the commit's NOTIFY wakes it.
      expect(Math.max(...latencies)).toBeLessThan(1_000);
    } finally {
      await stream.cancel();
    }
  });

  it("wakes only the streams of the notification's person", async () => {
    const [alice, bob] = [await buildAccount(ctx), await buildAccount(ctx)];
    const aliceStream = await openEventStream(`${base}/api/notifications/stream`, alice.cookie);
    const bobStream = await openEventStream(`${base}/api/notifications/stream`, bob.cookie);
    try {
      await notify(alice);
      await expect.poll(() => aliceStream.events.length, { timeout: 5_000, interval: 2 }).toBe(1);
      await notify(bob);
      await notify(alice);
      // Bob's notification was delivered to this process before Alice's second one, on the same
      // connection, so had it woken Alice's stream her second event would be her third.
      await expect.poll(() => aliceStream.events.length, { timeout: 5_000, interval: 2 }).toBe(2);
      await expect.poll(() => bobStream.events.length, { timeout: 5_000, interval: 2 }).toBe(1);
      expect(aliceStream.events).toHaveLength(2);
    } finally {
      await aliceStream.cancel();
      await bobStream.cancel();
    }
  });

  it('ends when the person is removed from the organization', async () => {
    const account = await buildAccount(ctx);
    const stream = await openEventStream(`${base}/api/notifications/stream`, account.cookie);
    await ctx.database.db
      .delete(memberships)
      .where(
        and(eq(memberships.userId, account.userId), eq(memberships.organizationId, account.organizationId)),
      );
    // The membership's trigger wakes the stream's session check; it does not wait for the minute.
    await stream.closed;
  });

  it('ends when its session is ended, however it is ended', async () => {
    const account = await buildAccount(ctx);
    const stream = await openEventStream(`${base}/api/notifications/stream`, account.cookie);
    await ctx.database.db.delete(sessions).where(eq(sessions.userId, account.userId));
    await stream.closed;
  });

  it('checks sessions in one statement: an expired or ended session is not live', async () => {
    const [live, expired, ended] = [
      await buildAccount(ctx),
      await buildAccount(ctx),
      await buildAccount(ctx),
    ];
    const ids = await Promise.all([live, expired, ended].map(sessionIdOf));
    await ctx.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, ids[1] ?? ''));
    await ctx.database.db.delete(sessions).where(eq(sessions.id, ids[2] ?? ''));
    // An actor with no session (an API token) has none to hold.
    expect([...(await liveSessionIds(ctx.database.db, [...ids, '']))]).toEqual([ids[0]]);
  });

  it('ends at the periodic check when its session expires (expiry writes nothing to notify)', async () => {
    const account = await buildAccount(ctx);
    const token = account.cookie.slice(account.cookie.indexOf('=') + 1);
    const actor = await findSessionActor(ctx.database.db, {
      secret: testSecret,
      token,
      ip: null,
      userAgent: null,
    });
    if (!actor) throw new Error('the session was not found');
    // The app checks once a minute; the same streams, checking every 100 ms.
    const streams = new NotificationStreams({
      db: ctx.database.db,
      log: pino({ level: 'silent' }),
      sessionCheckMs: 100,
    });
    const server = createServer((_request, response) => void streams.open(actor, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const stream = await openEventStream(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, '');
      await notify(account);
      await expect.poll(() => stream.events.length, { timeout: 5_000, interval: 2 }).toBe(1);
      expect(stream.ended()).toBe(false);
      await ctx.database.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.id, actor.sessionId));
      await stream.closed;
      expect(streams.size).toBe(0);
    } finally {
      await streams.close();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
