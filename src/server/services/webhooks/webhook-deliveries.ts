import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { WebhookDelivery, WebhookDeliveryPage } from '../../../shared/api/webhooks';
import { AppError } from '../../../shared/errors';
import { uuidPattern } from '../../../shared/uuid';
import type { ServiceContext } from '../../context';
import { webhookDeliveries } from '../../db/schema';
import { requireAdmin } from '../../policies/roles';
import { presentWebhookDelivery } from '../../presenters/webhook';
import { findOwnEndpoint } from './manage-webhook-endpoints';
import { queueDelivery } from './queue-delivery';

/** `<createdAt ms>.<id>`: the last row of a page, to continue after. */
function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(`${row.createdAt.getTime()}.${row.id}`).toString('base64url');
}

function decodeCursor(raw: string): { createdAt: Date; id: string } {
  const [ms, id] = Buffer.from(raw, 'base64url').toString('utf8').split('.');
  const time = Number(ms);
  if (!id || !Number.isSafeInteger(time) || !uuidPattern.test(id)) {
    throw new AppError('INVALID_INPUT', 'The cursor is not one this list gave', 'cursor');
  }
  return { createdAt: new Date(time), id };
}

/** An endpoint's deliveries, newest first, a page at a time (keyset on created_at, id). */
export async function listWebhookDeliveries(
  ctx: ServiceContext,
  endpointId: string,
  page: { cursor?: string | undefined; limit: number },
): Promise<WebhookDeliveryPage> {
  const { db, actor } = ctx;
  requireAdmin(actor, 'manage webhooks');
  const endpoint = await findOwnEndpoint(db, actor, endpointId);
  const after = page.cursor ? decodeCursor(page.cursor) : null;
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.endpointId, endpoint.id),
        after
          ? or(
              lt(webhookDeliveries.createdAt, after.createdAt),
              and(eq(webhookDeliveries.createdAt, after.createdAt), lt(webhookDeliveries.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(page.limit + 1);
  const items = rows.slice(0, page.limit);
  const last = items.at(-1);
  return {
    items: items.map(presentWebhookDelivery),
    nextCursor: rows.length > page.limit && last ? encodeCursor(last) : null,
  };
}

/** Queues the delivery again (same webhook-id), whatever became of its earlier attempts. */
export async function resendWebhookDelivery(
  ctx: ServiceContext,
  endpointId: string,
  deliveryId: string,
  now = new Date(),
): Promise<void> {
  const { db, actor } = ctx;
  requireAdmin(actor, 'manage webhooks');
  const endpoint = await findOwnEndpoint(db, actor, endpointId);
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending' })
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpoint.id)))
      .returning();
    if (!row) throw new AppError('NOT_FOUND', 'Delivery not found');
    await queueDelivery(
      tx,
      { id: row.id, endpointId: endpoint.id, organizationId: endpoint.organizationId },
      `deliver-webhook:${row.id}:resend:${now.getTime()}`,
    );
  });
}

/** One delivery of one of the organization's endpoints (admins). */
export async function getWebhookDelivery(
  ctx: ServiceContext,
  endpointId: string,
  deliveryId: string,
): Promise<WebhookDelivery> {
  const { db, actor } = ctx;
  requireAdmin(actor, 'manage webhooks');
  const endpoint = await findOwnEndpoint(db, actor, endpointId);
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpoint.id)));
  if (!row) throw new AppError('NOT_FOUND', 'Delivery not found');
  return presentWebhookDelivery(row);
}
