import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { events, webhookDeliveries, webhookEndpoints } from '../../src/server/db/schema';
import { jobLanes } from '../../src/server/queue/job-lanes';
import { withMail } from '../support/background';
import { createAndSend } from '../support/signing';
import { buildAccount, call, testApp } from '../support/test-app';

/**
 * A webhook receiver on 127.0.0.1 that holds every request open until the test lets them go;
 * afterwards it answers 200 at once. It records which requests the sender gave up on.
 */
async function startHeldReceiver() {
  const waiting: ServerResponse[] = [];
  let received = 0;
  let abandoned = 0;
  let released = false;
  const server = createServer((request, response) => {
    received += 1;
    request.resume();
    response.on('close', () => {
      if (!response.writableEnded) abandoned += 1;
    });
    if (released) response.end('ok');
    else waiting.push(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    /** Requests that arrived, and those still held open. */
    received: () => received,
    held: () => waiting.filter((response) => !response.writableEnded && !response.destroyed).length,
    abandoned: () => abandoned,
    release() {
      released = true;
      for (const response of waiting.splice(0)) if (!response.destroyed) response.end('ok');
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const ctx = await testApp({ webhookTargets: { allowPrivate: true } });
// Receivers may take as long as the test holds them: nothing is given up on by the clock.
const { peer, background } = await withMail(ctx, {
  webhookTargets: { allowPrivate: true },
  webhookDelivery: { timeoutMs: 10 * 60_000 },
});
const receiver = await startHeldReceiver();
// Runs before the closings registered above: held deliveries are let go and the runner stops first.
afterAll(async () => {
  receiver.release();
  await background.runner.stop();
  await receiver.close();
});

describe('slow webhook receivers', () => {
  it("of one organization do not hold up another organization's signing invitation", {
    timeout: 120_000,
  }, async () => {
    // Organization A: 20 endpoints for every event, on a receiver that answers nobody yet, and
    // 5 contracts made and sent: 20 deliveries of each of their events queued before anything runs.
    const attacker = await buildAccount(ctx, { organizationName: 'Slow Receivers Ltd' });
    for (let n = 0; n < 20; n += 1) {
      const response = await call(ctx, attacker, {
        method: 'POST',
        url: '/api/webhooks',
        json: { url: receiver.url(`/held/${n}`) },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    for (let n = 0; n < 5; n += 1) {
      await createAndSend(ctx, attacker, [{ name: 'Sam Slow', email: `sam-${n}-slow@example.com` }]);
    }
    const endpointIds = (
      await ctx.database.db
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.organizationId, attacker.organizationId))
    ).map((row) => row.id);
    const deliveriesOfA = () =>
      ctx.database.db
        .select({ status: webhookDeliveries.status })
        .from(webhookDeliveries)
        .where(inArray(webhookDeliveries.endpointId, endpointIds));

    const eventsOfA = await ctx.database.db
      .select({ id: events.id })
      .from(events)
      .where(eq(events.organizationId, attacker.organizationId));
    const expected = 20 * eventsOfA.length;
    expect(expected).toBeGreaterThanOrEqual(100);

    background.runner.start();
    // Every fan-out has run (all deliveries queued) and the receiver holds A's first requests.
    await expect.poll(async () => (await deliveriesOfA()).length, { timeout: 60_000 }).toBe(expected);
    await expect.poll(() => receiver.held(), { timeout: 60_000 }).toBeGreaterThanOrEqual(1);

    // Organization B sends a contract while all of that is held.
    const other = await buildAccount(ctx, { organizationName: 'Prompt Signers Ltd' });
    const bea = { name: 'Bea Prompt', email: 'bea-prompt@example.com' };
    await createAndSend(ctx, other, [bea], { title: 'Sent behind a slow neighbour' });
    await expect.poll(() => peer.to(bea.email).length, { timeout: 30_000, interval: 20 }).toBe(1);

    // B's invitation arrived while every request A's receivers got is still held open: it did
    // not wait for one of them. A holds no more than its share of the webhooks lane.
    expect(receiver.abandoned()).toBe(0);
    expect(receiver.held()).toBe(receiver.received());
    expect(receiver.held()).toBeLessThanOrEqual(jobLanes.webhooks.perOrganization ?? Infinity);
    expect((await deliveriesOfA()).every((delivery) => delivery.status === 'pending')).toBe(true);

    // Once the receiver answers, A's deliveries all go through, each once.
    receiver.release();
    await expect
      .poll(async () => (await deliveriesOfA()).filter((d) => d.status === 'succeeded').length, {
        timeout: 60_000,
      })
      .toBe(expected);
    expect(receiver.received()).toBe(expected);
  });
});
