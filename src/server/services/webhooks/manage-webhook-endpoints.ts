import { and, desc, eq } from 'drizzle-orm';
import {
  type CreateWebhookInput,
  maxWebhookEndpoints,
  type UpdateWebhookInput,
  type WebhookEndpoint,
  type WebhookSecret,
} from '../../../shared/api/webhooks';
import { AppError } from '../../../shared/errors';
import type { Actor } from '../../actor';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/client';
import { webhookEndpoints } from '../../db/schema';
import { requireAdmin } from '../../policies/roles';
import { presentWebhookEndpoint } from '../../presenters/webhook';
import { assertBelowOrganizationCap } from '../organizations/organization-cap';
import { queueOrganizationSecurityNotice } from '../two-factor/queue-security-notice';
import { requireRecentSignIn } from '../two-factor/require-recent-sign-in';
import { newWebhookSecret, openWebhookSecret, sealWebhookSecret } from './webhook-secret';
import { checkWebhookUrl } from './webhook-target';

const what = 'manage webhooks';

/** An endpoint of the actor's organization, or 404 (another organization's id is not found either). */
export async function findOwnEndpoint(db: Database, actor: Actor, id: string) {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.organizationId, actor.organizationId)));
  if (!row) throw new AppError('NOT_FOUND', 'Webhook endpoint not found');
  return row;
}

function eventsRequired(allEvents: boolean, events: readonly string[]) {
  if (!allEvents && events.length === 0) {
    throw new AppError('INVALID_INPUT', 'Choose at least one event, or all events', 'events');
  }
}

export async function listWebhookEndpoints(ctx: ServiceContext): Promise<{ items: WebhookEndpoint[] }> {
  const { db, actor } = ctx;
  requireAdmin(actor, what);
  const rows = await db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationId, actor.organizationId))
    .orderBy(desc(webhookEndpoints.createdAt), desc(webhookEndpoints.id));
  return { items: rows.map(presentWebhookEndpoint) };
}

/** One endpoint of the organization (admins). */
export async function getWebhookEndpoint(ctx: ServiceContext, id: string): Promise<WebhookEndpoint> {
  const { db, actor } = ctx;
  requireAdmin(actor, what);
  return presentWebhookEndpoint(await findOwnEndpoint(db, actor, id));
}

/**
 * Registers an endpoint after checking where its URL leads (never a private address unless
 * allowed). Where the organization's contract events go, and the key that signs them, need a
 * recent sign-in to change, and every admin is told of a new receiver.
 */
export async function createWebhookEndpoint(
  ctx: ServiceContext<'secret' | 'webhookTargets'>,
  input: CreateWebhookInput,
): Promise<{ id: string }> {
  const { db, actor, secret, webhookTargets: rules } = ctx;
  requireAdmin(actor, what);
  await requireRecentSignIn(db, actor, 'to add a webhook endpoint');
  const allEvents = input.allEvents ?? true;
  const events = [...new Set(input.events ?? [])];
  eventsRequired(allEvents, events);
  const url = await checkWebhookUrl(input.url, rules);
  return db.transaction(async (tx) => {
    await assertBelowOrganizationCap(tx, {
      organizationId: actor.organizationId,
      table: webhookEndpoints,
      organizationColumn: webhookEndpoints.organizationId,
      max: maxWebhookEndpoints,
      message: `An organization can have at most ${maxWebhookEndpoints} webhook endpoints`,
    });
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        organizationId: actor.organizationId,
        url,
        allEvents,
        events,
        secretSealed: sealWebhookSecret(secret, newWebhookSecret()),
      })
      .returning();
    if (!row) throw new Error('Webhook endpoint insert returned no row');
    await queueOrganizationSecurityNotice(tx, actor, 'webhook-added', row.url);
    return { id: row.id };
  });
}

export async function updateWebhookEndpoint(
  ctx: ServiceContext<'webhookTargets'>,
  id: string,
  input: UpdateWebhookInput,
): Promise<void> {
  const { db, actor, webhookTargets: rules } = ctx;
  requireAdmin(actor, what);
  const current = await findOwnEndpoint(db, actor, id);
  if (input.url !== undefined && input.url !== current.url) {
    await requireRecentSignIn(db, actor, 'to change where a webhook endpoint sends events');
  }
  const allEvents = input.allEvents ?? current.allEvents;
  const events = input.events ? [...new Set(input.events)] : current.events;
  eventsRequired(allEvents, events);
  const url = input.url === undefined ? current.url : await checkWebhookUrl(input.url, rules);
  const reenabled = input.enabled === true && !current.enabled;
  await db.transaction(async (tx) => {
    await tx
      .update(webhookEndpoints)
      .set({
        url,
        allEvents,
        events,
        ...(input.enabled === undefined ? {} : { enabled: input.enabled }),
        // Turned back on by hand: the failure streak that turned it off starts again from zero.
        ...(reenabled ? { disabledReason: null, consecutiveFailures: 0, failingSince: null } : {}),
        ...(input.enabled === false ? { disabledReason: null } : {}),
        updatedAt: new Date(),
      })
      .where(eq(webhookEndpoints.id, current.id));
    if (url !== current.url) await queueOrganizationSecurityNotice(tx, actor, 'webhook-moved', url);
  });
}

export async function deleteWebhookEndpoint(ctx: ServiceContext, id: string): Promise<void> {
  const { db, actor } = ctx;
  requireAdmin(actor, what);
  const current = await findOwnEndpoint(db, actor, id);
  await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, current.id));
}

/** The signing key, for an admin to configure the receiver with. */
export async function revealWebhookSecret(ctx: ServiceContext<'secret'>, id: string): Promise<WebhookSecret> {
  const { db, actor, secret } = ctx;
  requireAdmin(actor, what);
  const current = await findOwnEndpoint(db, actor, id);
  return { secret: openWebhookSecret(secret, current.secretSealed) };
}

/** A new signing key; the old one stops signing at once (attempts from now on use the new one). */
export async function rotateWebhookSecret(ctx: ServiceContext<'secret'>, id: string): Promise<WebhookSecret> {
  const { db, actor, secret } = ctx;
  requireAdmin(actor, what);
  await requireRecentSignIn(db, actor, 'to rotate a webhook signing secret');
  const current = await findOwnEndpoint(db, actor, id);
  const plain = newWebhookSecret();
  await db
    .update(webhookEndpoints)
    .set({ secretSealed: sealWebhookSecret(secret, plain), updatedAt: new Date() })
    .where(eq(webhookEndpoints.id, current.id));
  return { secret: plain };
}
