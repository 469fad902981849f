import { and, eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import type { JobContext } from '../../context';
import type { Database } from '../../db/client';
import {
  contracts,
  events,
  memberships,
  organizations,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema';
import { queueMail } from '../../mail/queue-mail';
import { messageIdOf } from '../../presenters/webhook';
import { notify } from '../lifecycle/notify';
import { postWebhook } from './post-webhook';
import { openWebhookSecret } from './webhook-secret';

/** Failed attempts in a row (across deliveries) after which an endpoint is turned off. */
export const defaultDisableAfterFailures = 20;

/**
 * What a receiver gets: `{ type, timestamp, data }`, data naming the event, the organization and
 * the contract beside the event's own data (its schema: `webhookBodySchema` in shared/events.ts,
 * published in the OpenAPI document's `webhooks`).
 */
export async function webhookBodyOf(db: Database, eventId: string) {
  const [row] = await db
    .select({ event: events, organization: { id: organizations.id, name: organizations.name } })
    .from(events)
    .innerJoin(organizations, eq(organizations.id, events.organizationId))
    .where(eq(events.id, eventId));
  if (!row) return null;
  const [contract] = row.event.contractId
    ? await db
        .select({ id: contracts.id, title: contracts.title, status: contracts.status })
        .from(contracts)
        .where(eq(contracts.id, row.event.contractId))
    : [];
  return {
    type: row.event.type,
    timestamp: row.event.createdAt.toISOString(),
    data: {
      eventId: row.event.id,
      organization: row.organization,
      contract: contract ?? null,
      ...row.event.data,
    },
  };
}

/**
 * One attempt of one delivery: signed as Standard Webhooks says (the same webhook-id on every
 * attempt), posted, and recorded. A failure is thrown after it is recorded, so the job queue
 * retries with its backoff; the endpoint's streak of failures turns it off past the threshold,
 * and its organization's admins are told (bell and e-mail).
 */
export async function deliverWebhook(
  ctx: JobContext<'secret' | 'webhookTargets' | 'webhookDelivery'>,
  deliveryId: string,
  attempt: { final: boolean },
  now = new Date(),
): Promise<void> {
  const { db, secret, webhookTargets, webhookDelivery } = ctx;
  const [row] = await db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!row || row.delivery.status === 'succeeded') return;
  const { delivery, endpoint } = row;
  if (!endpoint.enabled) {
    await db
      .update(webhookDeliveries)
      .set({ status: 'failed', error: 'The endpoint is disabled' })
      .where(eq(webhookDeliveries.id, delivery.id));
    return;
  }
  const payload = await webhookBodyOf(db, delivery.eventId);
  if (!payload) return;
  const body = JSON.stringify(payload);
  const messageId = messageIdOf(delivery.id);
  const signer = new Webhook(openWebhookSecret(secret, endpoint.secretSealed));
  const result = await postWebhook({
    url: endpoint.url,
    body,
    headers: {
      'webhook-id': messageId,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': signer.sign(messageId, now, body),
    },
    rules: webhookTargets,
    ...(webhookDelivery?.timeoutMs ? { timeoutMs: webhookDelivery.timeoutMs } : {}),
  });
  const threshold = webhookDelivery?.disableAfterFailures ?? defaultDisableAfterFailures;
  const disabled = await db.transaction(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({
        attempts: sql`${webhookDeliveries.attempts} + 1`,
        status: result.ok ? 'succeeded' : attempt.final ? 'failed' : 'pending',
        statusCode: result.statusCode,
        durationMs: result.durationMs,
        error: result.error,
        lastAttemptAt: now,
      })
      .where(eq(webhookDeliveries.id, delivery.id));
    if (result.ok) {
      await tx
        .update(webhookEndpoints)
        .set({ consecutiveFailures: 0, failingSince: null })
        .where(eq(webhookEndpoints.id, endpoint.id));
      return false;
    }
    const [streak] = await tx
      .update(webhookEndpoints)
      .set({
        consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1`,
        failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning({ failures: webhookEndpoints.consecutiveFailures, enabled: webhookEndpoints.enabled });
    if (!streak?.enabled || streak.failures < threshold) return false;
    const reason =
      `Turned off after ${streak.failures} failed deliveries in a row (last: ${result.error ?? 'no answer'})`.slice(
        0,
        500,
      );
    await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: reason, updatedAt: now })
      .where(eq(webhookEndpoints.id, endpoint.id));
    await tellAdmins(tx, { organizationId: endpoint.organizationId, url: endpoint.url, reason, now });
    return true;
  });
  if (!result.ok && !disabled) {
    throw new Error(
      `Webhook delivery to ${new URL(endpoint.url).host} failed: ${result.error ?? 'no answer'}`,
    );
  }
}

/** Every admin of the organization hears of a disabled endpoint, in the bell and by e-mail. */
async function tellAdmins(
  tx: Database,
  input: { organizationId: string; url: string; reason: string; now: Date },
): Promise<void> {
  const admins = await tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, input.organizationId), eq(memberships.role, 'admin')));
  const host = new URL(input.url).host;
  await notify(tx, {
    userIds: admins.map((admin) => admin.id),
    contractId: null,
    kind: 'webhook_disabled',
    message: `The webhook endpoint ${host} was turned off: it kept failing. Check it in Settings, Developers, Webhooks and turn it back on.`,
    eventId: null,
    at: input.now,
  });
  for (const admin of admins) {
    await queueMail(tx, {
      organizationId: input.organizationId,
      contractId: null,
      kind: 'webhook_disabled',
      to: { name: admin.name, email: admin.email },
      params: { url: input.url, reason: input.reason },
    });
  }
}
