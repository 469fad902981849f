import { and, count, eq } from 'drizzle-orm';
import * as clock from '../../clock';
import type { Database } from '../../db/client';
import { bulkSendRows, bulkSends } from '../../db/schema';
import { recordOrganizationStep } from '../lifecycle/record-organization-step';

/**
 * Ends a sending batch once no row is left queued (`done`), or at once when it is stopped: its
 * status and end, the webhooks' `bulk_send.finished` and its sender's bell. The caller holds the
 * batch row's lock, so of two rows settling at once one sees the other's state and the batch ends
 * exactly once.
 */
export async function finishIfSettled(
  tx: Database,
  id: string,
  as: 'done' | 'stopped' = 'done',
): Promise<void> {
  const [batch] = await tx.select().from(bulkSends).where(eq(bulkSends.id, id)).for('update');
  if (batch?.status !== 'sending') return;
  const counts = await tx
    .select({ status: bulkSendRows.status, rows: count() })
    .from(bulkSendRows)
    .where(eq(bulkSendRows.bulkSendId, id))
    .groupBy(bulkSendRows.status);
  const of = (status: string) => counts.find((entry) => entry.status === status)?.rows ?? 0;
  if (as === 'done' && of('queued') > 0) return;
  const now = clock.now();
  await tx
    .update(bulkSends)
    .set({ status: as, finishedAt: now, updatedAt: now })
    .where(and(eq(bulkSends.id, id), eq(bulkSends.status, 'sending')));
  const sent = of('sent');
  const failed = of('failed');
  const stopped = of('stopped');
  const summary = [
    `${sent} sent`,
    failed > 0 ? `${failed} failed` : '',
    stopped > 0 ? `${stopped} stopped` : '',
  ]
    .filter(Boolean)
    .join(', ');
  await recordOrganizationStep(tx, {
    organizationId: batch.organizationId,
    type: 'bulk_send.finished',
    data: {
      bulkSendId: batch.id,
      templateId: batch.templateId,
      status: as,
      rows: String(batch.rowCount),
      sent: String(sent),
      failed: String(failed),
      stopped: String(stopped),
    },
    at: now,
    authorUserId: null,
    notice: batch.createdBy
      ? {
          userIds: [batch.createdBy],
          kind: 'bulk_send_finished',
          message: `Bulk send of "${batch.templateTitle}" ${as === 'done' ? 'finished' : 'stopped'}: ${summary}`,
        }
      : undefined,
  });
}
