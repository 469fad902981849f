import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { type AddressInfo, createServer as createTcpServer } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app';
import {
  events,
  jobs,
  mailMessages,
  notifications,
  webhookDeliveries,
  webhookEndpoints,
} from '../../src/server/db/schema';
import { defaultDisableAfterFailures } from '../../src/server/services/webhooks/deliver-webhook';
import { fanOutEvent } from '../../src/server/services/webhooks/fan-out-event';
import type { HostLookup } from '../../src/server/services/webhooks/webhook-target';
import { webhookBodySchema } from '../../src/shared/events';
import { backgroundFor, withMail } from '../support/background';
import { createAndSend, latestTokenFor, openLink, signAs } from '../support/signing';
import {
  buildAccount,
  buildMember,
  buildTestApp,
  call,
  type TestAccount,
  testApp,
} from '../support/test-app';

type Received = { path: string; headers: IncomingMessage['headers']; body: string };

/** A real HTTP receiver on 127.0.0.1: each path answers what `answers` says (200 by default). */
async function startReceiver() {
  const received: Received[] = [];
  const answers = new Map<string, number>();
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.statusCode = answers.get(path) ?? 200;
      response.end(response.statusCode === 200 ? 'ok' : 'receiver is down');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    at: (path: string) => received.filter((entry) => entry.path === path),
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Failures in a row that turn an endpoint off here, to keep the tests short (production: defaultDisableAfterFailures). */
const disableAfterFailures = 3;

const ctx = await testApp({ webhookTargets: { allowPrivate: true } });
const { peer, background } = await withMail(ctx, {
  webhookTargets: { allowPrivate: true },
  webhookDelivery: { disableAfterFailures },
});
const receiver = await startReceiver();
afterAll(() => receiver.close());

async function register(
  account: TestAccount,
  json: { url: string; allEvents?: boolean; events?: string[] },
  app: App = ctx.app,
) {
  return app.inject({
    method: 'POST',
    url: '/api/webhooks',
    headers: { cookie: account.cookie, 'content-type': 'application/json' },
    payload: JSON.stringify(json),
  });
}

async function endpointFor(
  account: TestAccount,
  json: { url: string; allEvents?: boolean; events?: string[] },
) {
  const response = await register(account, json);
  expect(response.statusCode, response.body).toBe(201);
  const endpoint = response.json() as { id: string };
  const secret = await call(ctx, account, { method: 'GET', url: `/api/webhooks/${endpoint.id}/secret` });
  expect(secret.statusCode).toBe(200);
  return { id: endpoint.id, secret: secret.json().secret as string };
}

/** The Standard Webhooks signature, computed here by hand (not with the library Pactum signs with). */
function verify(entry: Received, secret: string): boolean {
  const id = String(entry.headers['webhook-id']);
  const timestamp = String(entry.headers['webhook-timestamp']);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${entry.body}`).digest();
  return String(entry.headers['webhook-signature'])
    .split(' ')
    .some((part) => {
      const [version, signature] = part.split(',');
      const given = Buffer.from(signature ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

const typesAt = (path: string) => receiver.at(path).map((entry) => JSON.parse(entry.body).type as string);

async function deliveriesOf(endpointId: string) {
  return ctx.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
}

describe('webhooks', () => {
  it('delivers the whole ceremony, each event once and signed, and only the chosen events elsewhere', async () => {
    const owner = await buildAccount(ctx, { name: 'Olivia Owner' });
    const all = await endpointFor(owner, { url: receiver.url('/all') });
    const some = await endpointFor(owner, {
      url: receiver.url('/some'),
      allEvents: false,
      events: ['contract.sent', 'contract.sealed'],
    });
    expect(all.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);

    const alice = { name: 'Alice Signer', email: 'alice-webhooks@example.com' };
    const id = await createAndSend(ctx, owner, [alice], { title: 'Webhook agreement' });
    await background.drain();
    const browser = await openLink(ctx, latestTokenFor(peer, alice.email));
    const signed = await signAs(ctx, browser, { fullName: alice.name });
    expect(signed.statusCode, signed.body).toBeLessThan(300);
    await background.drain();
    // A second drain finds nothing more: each consumer ran once per event.
    await background.drain();

    // Every step reaches the endpoint for all events, its creation included.
    expect(typesAt('/all').sort()).toEqual(
      [
        'contract.completed',
        'contract.created',
        'contract.sealed',
        'contract.sent',
        'contract.signed',
        'contract.viewed',
      ].sort(),
    );
    expect(typesAt('/some').sort()).toEqual(['contract.sealed', 'contract.sent']);
    for (const entry of receiver.at('/all')) {
      expect(verify(entry, all.secret)).toBe(true);
      expect(verify(entry, some.secret)).toBe(false);
      expect(entry.headers['content-type']).toBe('application/json');
      expect(Math.abs(Number(entry.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(120);
      const body = JSON.parse(entry.body);
      expect(body.data).toMatchObject({
        contract: { id, title: 'Webhook agreement' },
        organization: { id: owner.organizationId },
      });
      expect(new Date(body.timestamp).toString()).not.toBe('Invalid Date');
      // What a real ceremony sends is what the OpenAPI document says each event holds.
      const parsed = webhookBodySchema(body.type).safeParse(body);
      expect(parsed.success, `${body.type}: ${parsed.error?.message}`).toBe(true);
    }
    expect(
      JSON.parse(receiver.at('/all').find((e) => e.body.includes('contract.signed'))?.body ?? '{}').data,
    ).toMatchObject({
      signerName: alice.name,
    });
    expect(new Set(receiver.at('/all').map((entry) => entry.headers['webhook-id'])).size).toBe(6);

    // Listed newest first, a page at a time.
    const first = await call(ctx, owner, {
      method: 'GET',
      url: `/api/webhooks/${all.id}/deliveries?limit=3`,
    });
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.items).toHaveLength(3);
    expect(page1.items[0]).toMatchObject({ status: 'succeeded', statusCode: 200, attempts: 1 });
    expect(page1.items[0].durationMs).toBeGreaterThanOrEqual(0);
    const second = await call(ctx, owner, {
      method: 'GET',
      url: `/api/webhooks/${all.id}/deliveries?limit=3&cursor=${page1.nextCursor}`,
    });
    const page2 = second.json();
    expect(page2.items).toHaveLength(3);
    expect(page2.nextCursor).toBeNull();
    const ids = [...page1.items, ...page2.items].map((item: { id: string }) => item.id);
    expect(new Set(ids).size).toBe(6);

    // Resend: one more attempt with the same webhook-id.
    const target = page1.items[0] as { id: string; messageId: string };
    const before = receiver.at('/all').length;
    const resend = await call(ctx, owner, {
      method: 'POST',
      url: `/api/webhooks/${all.id}/deliveries/${target.id}/resend`,
    });
    expect(resend.statusCode, resend.body).toBe(202);
    await background.drain();
    expect(receiver.at('/all')).toHaveLength(before + 1);
    const again = receiver.at('/all').at(-1);
    expect(again?.headers['webhook-id']).toBe(target.messageId);
    if (!again) throw new Error('resent');
    expect(verify(again, all.secret)).toBe(true);
    const [row] = await ctx.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, target.id));
    expect(row).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('queues the fan-out with an event only when an endpoint of its organization wants it', async () => {
    /** How many deliver-webhooks jobs the contract's sending queued (in the send's transaction). */
    const fanOutsQueued = async (contractId: string) => {
      const [sent] = await ctx.database.db
        .select({ id: events.id })
        .from(events)
        .where(and(eq(events.contractId, contractId), eq(events.type, 'contract.sent')));
      if (!sent) throw new Error('contract.sent was not recorded');
      const queued = await ctx.database.db
        .select({ id: jobs.id })
        .from(jobs)
        .where(eq(jobs.dedupeKey, `deliver-webhooks:${sent.id}`));
      return queued.length;
    };
    let n = 0;
    const send = (account: TestAccount) => {
      n += 1;
      return createAndSend(ctx, account, [{ name: 'Fay', email: `fay-${n}-webhooks@example.com` }]);
    };
    // Another organization's endpoint wants every event: it is not asked about this one's.
    await endpointFor(await buildAccount(ctx), { url: receiver.url('/neighbour') });
    const without = await buildAccount(ctx);
    expect(await fanOutsQueued(await send(without))).toBe(0);

    const wanting = await buildAccount(ctx);
    await endpointFor(wanting, {
      url: receiver.url('/wants-sent'),
      allEvents: false,
      events: ['contract.sent'],
    });
    expect(await fanOutsQueued(await send(wanting))).toBe(1);

    const elsewhere = await buildAccount(ctx);
    await endpointFor(elsewhere, {
      url: receiver.url('/wants-others'),
      allEvents: false,
      events: ['contract.signed', 'contract.sealed'],
    });
    expect(await fanOutsQueued(await send(elsewhere))).toBe(0);

    const off = await buildAccount(ctx);
    const turnedOff = await endpointFor(off, { url: receiver.url('/turned-off') });
    const patched = await call(ctx, off, {
      method: 'PATCH',
      url: `/api/webhooks/${turnedOff.id}`,
      json: { enabled: false },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(await fanOutsQueued(await send(off))).toBe(0);

    await background.drain();
    expect(typesAt('/wants-sent')).toEqual(['contract.sent']);
    expect(receiver.at('/wants-others')).toHaveLength(0);
    expect(receiver.at('/turned-off')).toHaveLength(0);
  });

  it('retries a failing receiver with backoff until it answers 200', async () => {
    const owner = await buildAccount(ctx);
    const endpoint = await endpointFor(owner, {
      url: receiver.url('/flaky'),
      allEvents: false,
      events: ['contract.sent'],
    });
    receiver.answers.set('/flaky', 500);
    await createAndSend(ctx, owner, [{ name: 'Bo', email: 'bo-webhooks@example.com' }]);
    await background.drain();
    const start = Date.now();
    expect(receiver.at('/flaky')).toHaveLength(1);
    const [failed] = await deliveriesOf(endpoint.id);
    expect(failed).toMatchObject({
      status: 'pending',
      attempts: 1,
      statusCode: 500,
      error: 'receiver is down',
    });

    // Not due again before its backoff, due after it.
    await background.drain(new Date(start + 10_000));
    expect(receiver.at('/flaky')).toHaveLength(1);
    receiver.answers.set('/flaky', 200);
    await background.drain(new Date(start + 60_000));
    expect(receiver.at('/flaky')).toHaveLength(2);
    const [delivered] = await deliveriesOf(endpoint.id);
    expect(delivered).toMatchObject({ status: 'succeeded', attempts: 2, statusCode: 200, error: null });
    const ids = receiver.at('/flaky').map((entry) => entry.headers['webhook-id']);
    expect(ids[0]).toBe(ids[1]);
    const [row] = await ctx.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({ enabled: true, consecutiveFailures: 0, failingSince: null });
  });

  it('turns off an endpoint that keeps failing and tells the admins', async () => {
    const owner = await buildAccount(ctx);
    const endpoint = await endpointFor(owner, {
      url: receiver.url('/down'),
      allEvents: false,
      events: ['contract.sent'],
    });
    receiver.answers.set('/down', 503);
    await createAndSend(ctx, owner, [{ name: 'Cy', email: 'cy-webhooks@example.com' }]);
    const start = Date.now();
    // Three failed attempts (the threshold here), each after its backoff.
    for (const later of [0, 60_000, 10 * 60_000, 60 * 60_000])
      await background.drain(new Date(start + later));
    expect(receiver.at('/down')).toHaveLength(disableAfterFailures);
    const listed = await call(ctx, owner, { method: 'GET', url: '/api/webhooks' });
    expect(listed.json().items[0]).toMatchObject({ id: endpoint.id, enabled: false });
    expect(listed.json().items[0].disabledReason).toMatch(
      `Turned off after ${disableAfterFailures} failed deliveries in a row`,
    );
    const bell = await ctx.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, owner.userId), eq(notifications.kind, 'webhook_disabled')));
    expect(bell).toHaveLength(1);
    const mail = await ctx.database.db
      .select()
      .from(mailMessages)
      .where(
        and(eq(mailMessages.organizationId, owner.organizationId), eq(mailMessages.kind, 'webhook_disabled')),
      );
    expect(mail.map((message) => message.toEmail)).toEqual([owner.email]);
    const told = peer
      .to(owner.email)
      .find((message) => /webhook endpoint was turned off/i.test(message.subject ?? ''));
    // Its link opens the webhooks on their settings page.
    expect(told?.text).toContain('/settings/developers#webhooks');

    // Off means no more deliveries, even for new events; back on starts afresh.
    await createAndSend(ctx, owner, [{ name: 'Cy', email: 'cy-webhooks@example.com' }]);
    await background.drain(new Date(start + 2 * 60 * 60_000));
    expect(receiver.at('/down')).toHaveLength(disableAfterFailures);
    const back = await call(ctx, owner, {
      method: 'PATCH',
      url: `/api/webhooks/${endpoint.id}`,
      json: { enabled: true },
    });
    expect(back.json()).toMatchObject({ enabled: true, disabledReason: null, failingSince: null });
  });

  it('refuses private and local targets without the setting, at registration and at delivery', async () => {
    // An internal name, as the instance's own DNS answers it.
    const lookup: HostLookup = async (host) =>
      host === 'vm' ? [{ address: '10.20.30.40', family: 4 }] : [{ address: '127.0.0.1', family: 4 }];
    const strict = await buildTestApp(ctx.database, { webhookTargets: { allowPrivate: false, lookup } });
    try {
      const owner = await buildAccount(ctx);
      const refused = 'a private, local or reserved address, which webhooks may not reach';
      for (const [url, message] of [
        [receiver.url('/x'), 'The endpoint must be an https:// URL'],
        ['https://127.0.0.1/hook', `127.0.0.1 is ${refused}`],
        ['https://localhost/hook', `localhost resolves to ${refused}`],
        ['https://vm/', `vm resolves to ${refused}: use a receiver on the public internet`],
        ['https://10.1.2.3/hook', `10.1.2.3 is ${refused}`],
        ['https://169.254.169.254/latest', refused],
        ['https://100.64.0.1/hook', refused],
        ['https://[::1]/hook', refused],
        ['https://[fd00::1]/hook', refused],
        ['https://[::ffff:127.0.0.1]/hook', refused],
        // IPv4-compatible (::/96), stored by URL as [::7f00:1]: outside global unicast (2000::/3).
        ['https://[::127.0.0.1]/hook', refused],
        ['https://[::8.8.8.8]/hook', refused],
        ['https://[100::1]/hook', refused],
        ['https://user:pw@example.com/hook', 'credentials'],
      ] as const) {
        const response = await register(owner, { url }, strict);
        expect(response.statusCode, url).toBe(400);
        expect(response.json().error.field).toBe('url');
        expect(response.json().error.message).toContain(message);
        // What the name resolved to is never told.
        expect(response.json().error.message, url).not.toContain('10.20.30.40');
      }

      // Registered while allowed; delivered by a process where it is not: refused, nothing sent.
      const endpoint = await endpointFor(owner, {
        url: receiver.url('/private'),
        allEvents: false,
        events: ['contract.sent'],
      });
      const strictBackground = await backgroundFor(ctx.database, peer.url, {
        webhookTargets: { allowPrivate: false },
      });
      try {
        await createAndSend(ctx, owner, [{ name: 'Di', email: 'di-webhooks@example.com' }]);
        await strictBackground.drain();
      } finally {
        strictBackground.close();
      }
      expect(receiver.at('/private')).toHaveLength(0);
      const [delivery] = await deliveriesOf(endpoint.id);
      expect(delivery?.error).toMatch(/https/);
      expect(delivery?.statusCode).toBeNull();
    } finally {
      await strict.close();
    }
  });

  it('refuses at delivery a name that was public when saved and resolves to loopback now (rebinding)', async () => {
    // A listening loopback port that counts every connection made to it.
    let connections = 0;
    const loopback = createTcpServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => loopback.listen(0, '127.0.0.1', resolve));
    const { port } = loopback.address() as AddressInfo;
    // The name's DNS answer, which its owner switches once the endpoint is saved.
    let answer = '93.184.215.14';
    const asked: string[] = [];
    const lookup: HostLookup = async (host) => {
      asked.push(host);
      return [{ address: answer, family: 4 }];
    };
    const strict = await buildTestApp(ctx.database, { webhookTargets: { allowPrivate: false, lookup } });
    try {
      const owner = await buildAccount(ctx);
      const saved = await register(
        owner,
        { url: `https://hooks.rebind.example:${port}/hook`, allEvents: false, events: ['contract.sent'] },
        strict,
      );
      expect(saved.statusCode, saved.body).toBe(201);
      expect(asked).toEqual(['hooks.rebind.example']);

      answer = '127.0.0.1';
      const deliverWith = async (rules: { allowPrivate: boolean }) => {
        const worker = await backgroundFor(ctx.database, peer.url, { webhookTargets: { ...rules, lookup } });
        try {
          await createAndSend(ctx, owner, [{ name: 'Rae', email: 'rae-webhooks@example.com' }]);
          await worker.drain();
        } finally {
          worker.close();
        }
      };
      await deliverWith({ allowPrivate: false });
      // Asked once more, by the connection itself, and refused there: nothing reached the port.
      expect(asked).toEqual(['hooks.rebind.example', 'hooks.rebind.example']);
      expect(connections).toBe(0);
      const [refused] = await deliveriesOf(saved.json().id);
      expect(refused).toMatchObject({
        status: 'pending',
        attempts: 1,
        statusCode: null,
        error:
          'hooks.rebind.example resolves to a private, local or reserved address, which webhooks may not reach: use a receiver on the public internet',
      });

      // The same answer where private targets are allowed does reach the port: the refusal above
      // was the address rule, not a wrong port or a lookup that was never asked.
      await deliverWith({ allowPrivate: true });
      expect(connections).toBe(1);
    } finally {
      await strict.close();
      await new Promise<void>((resolve) => loopback.close(() => resolve()));
    }
  });

  it(`turns an endpoint off at ${defaultDisableAfterFailures} failures in a row unless told otherwise`, async () => {
    const owner = await buildAccount(ctx);
    const endpoint = await endpointFor(owner, {
      url: receiver.url('/nearly'),
      allEvents: false,
      events: ['contract.sent'],
    });
    receiver.answers.set('/nearly', 500);
    // One failure short of the threshold, as after a long streak.
    await ctx.database.db
      .update(webhookEndpoints)
      .set({ consecutiveFailures: defaultDisableAfterFailures - 1, failingSince: new Date() })
      .where(eq(webhookEndpoints.id, endpoint.id));
    const production = await backgroundFor(ctx.database, peer.url, {
      webhookTargets: { allowPrivate: true },
    });
    try {
      await createAndSend(ctx, owner, [{ name: 'Nia', email: 'nia-webhooks@example.com' }]);
      await production.drain();
    } finally {
      production.close();
    }
    expect(receiver.at('/nearly')).toHaveLength(1);
    const [row] = await ctx.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(row).toMatchObject({ enabled: false, consecutiveFailures: defaultDisableAfterFailures });
    expect(row?.disabledReason).toMatch(
      `Turned off after ${defaultDisableAfterFailures} failed deliveries in a row`,
    );
  });

  it('fans an event out to each endpoint that wants it, one delivery and job each, and only once', async () => {
    const owner = await buildAccount(ctx, { name: 'Fanny Fanout' });
    const wanting = [
      await endpointFor(owner, { url: receiver.url('/fan-1') }),
      await endpointFor(owner, { url: receiver.url('/fan-2'), allEvents: false, events: ['contract.sent'] }),
    ];
    await endpointFor(owner, {
      url: receiver.url('/fan-other'),
      allEvents: false,
      events: ['contract.sealed'],
    });
    const off = await endpointFor(owner, { url: receiver.url('/fan-off') });
    await ctx.database.db
      .update(webhookEndpoints)
      .set({ enabled: false })
      .where(eq(webhookEndpoints.id, off.id));
    const [event] = await ctx.database.db
      .insert(events)
      .values({ organizationId: owner.organizationId, type: 'contract.sent', data: {} })
      .returning();
    if (!event) throw new Error('no event');

    expect(await fanOutEvent(ctx.database.db, event.id)).toBe(2);
    expect(await fanOutEvent(ctx.database.db, event.id)).toBe(0);
    const deliveries = await ctx.database.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.eventId, event.id));
    expect(deliveries.map((delivery) => delivery.endpointId).sort()).toEqual(
      wanting.map((endpoint) => endpoint.id).sort(),
    );
    expect(deliveries.every((d) => d.status === 'pending' && d.eventType === 'contract.sent')).toBe(true);
    const queued = await ctx.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.type, 'deliver-webhook'), eq(jobs.organizationId, owner.organizationId)));
    expect(
      queued
        .map((job) => ({
          deliveryId: (job.payload as { deliveryId: string }).deliveryId,
          lane: job.lane,
          key: job.concurrencyKey,
          dedupeKey: job.dedupeKey,
          maxAttempts: job.maxAttempts,
        }))
        .sort((a, b) => a.deliveryId.localeCompare(b.deliveryId)),
    ).toEqual(
      deliveries
        .map((delivery) => ({
          deliveryId: delivery.id,
          lane: 'webhooks',
          key: delivery.endpointId,
          dedupeKey: `deliver-webhook:${delivery.endpointId}:${event.id}`,
          maxAttempts: 6,
        }))
        .sort((a, b) => a.deliveryId.localeCompare(b.deliveryId)),
    );
    await background.drain();
    expect(receiver.at('/fan-1')).toHaveLength(1);
    expect(receiver.at('/fan-2')).toHaveLength(1);
  });

  it('is for admins only: members and API tokens are refused', async () => {
    const owner = await buildAccount(ctx);
    const member = await buildMember(ctx, owner);
    const endpoint = await endpointFor(owner, { url: receiver.url('/admins') });
    for (const request of [
      { method: 'GET', url: '/api/webhooks' },
      { method: 'POST', url: '/api/webhooks', json: { url: receiver.url('/m') } },
      { method: 'GET', url: `/api/webhooks/${endpoint.id}/secret` },
      { method: 'POST', url: `/api/webhooks/${endpoint.id}/secret` },
      { method: 'GET', url: `/api/webhooks/${endpoint.id}/deliveries` },
      { method: 'DELETE', url: `/api/webhooks/${endpoint.id}` },
    ]) {
      const response = await call(ctx, member, request as Parameters<typeof call>[2]);
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(403);
    }
    const token = await call(ctx, owner, {
      method: 'POST',
      url: '/api/api-tokens',
      json: { name: 'All', scope: 'read-write' },
    });
    const viaToken = await ctx.app.inject({
      method: 'GET',
      url: '/api/webhooks',
      headers: { authorization: `Bearer ${token.json().token}` },
    });
    expect(viaToken.statusCode).toBe(403);
    // Another organization does not find it.
    const stranger = await buildAccount(ctx);
    const foreign = await call(ctx, stranger, { method: 'GET', url: `/api/webhooks/${endpoint.id}/secret` });
    expect(foreign.statusCode).toBe(404);
  });

  it('rotates the secret: later attempts are signed with the new one only', async () => {
    const owner = await buildAccount(ctx);
    const endpoint = await endpointFor(owner, {
      url: receiver.url('/rotated'),
      allEvents: false,
      events: ['contract.sent'],
    });
    const rotated = await call(ctx, owner, { method: 'POST', url: `/api/webhooks/${endpoint.id}/secret` });
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().secret as string;
    expect(fresh).not.toBe(endpoint.secret);
    await createAndSend(ctx, owner, [{ name: 'Ed', email: 'ed-webhooks@example.com' }]);
    await background.drain();
    const [entry] = receiver.at('/rotated');
    if (!entry) throw new Error('delivered');
    expect(verify(entry, fresh)).toBe(true);
    expect(verify(entry, endpoint.secret)).toBe(false);
  });
});
