import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { BulkSend } from '../../../shared/api/bulk-sends';
import { AppError } from '../../../shared/errors';
import type { Actor } from '../../actor';
import * as clock from '../../clock';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/client';
import { bulkSendRows, bulkSends } from '../../db/schema';
import { findOwnBulkSend } from '../../policies/scope';
import { enqueueMany } from '../../queue/job-type';
import { problemsOf, sheetOf } from './batch-rows';
import { bulkRowJobKey, sendBulkRowJob } from './bulk-row-job';
import { finishIfSettled } from './finish-bulk-send';
import { bulkSendView, templateOfBatch } from './get-bulk-send';

/** Rows queued per statement (their update and their jobs): short holds of the event loop, as rows are stored. */
const rowsPerStatement = 200;

/**
 * Sends a checked batch: every row is queued as its own job, in this transaction, with the batch
 * row locked; so confirming twice (a double click, a retried request) sends once, the second
 * answering with the batch as the first left it. Refused while any problem is left.
 */
export async function sendBulkSend(ctx: ServiceContext, id: string): Promise<BulkSend> {
  return ctx.db.transaction(async (tx) => {
    const batch = await findOwnBulkSend(tx, ctx.actor, id, { forUpdate: true });
    if (batch.status !== 'checking') return bulkSendView(tx, ctx.actor, batch);
    const template = await templateOfBatch(tx, ctx.actor, batch);
    const problems = problemsOf(batch, await sheetOf(tx, batch), template);
    if (problems.length > 0) {
      throw new AppError(
        'BULK_SEND_HAS_PROBLEMS',
        `Fix the ${problems.length === 1 ? 'problem' : `${problems.length} problems`} before sending: ${problems[0]?.message}`,
      );
    }
    await queueRows(tx, ctx.actor, id);
    return bulkSendView(tx, ctx.actor, await findOwnBulkSend(tx, ctx.actor, id));
  });
}

/** Marks the batch sent and queues a job for each of its rows (in the caller's transaction). */
export async function queueRows(tx: Database, actor: Actor, id: string): Promise<void> {
  const now = clock.now();
  await tx
    .update(bulkSends)
    .set({ status: 'sending', sentAt: now, updatedAt: now })
    .where(eq(bulkSends.id, id));
  await requeue(tx, actor, id, ['ready']);
}

/** Queues the rows of these states again, in the order of the file, each with a job of its own. */
async function requeue(
  tx: Database,
  actor: Actor,
  id: string,
  from: ('ready' | 'failed')[],
): Promise<number> {
  const ids = await tx
    .select({ id: bulkSendRows.id })
    .from(bulkSendRows)
    .where(and(eq(bulkSendRows.bulkSendId, id), inArray(bulkSendRows.status, from)))
    .orderBy(asc(bulkSendRows.row));
  for (let start = 0; start < ids.length; start += rowsPerStatement) {
    const rows = await tx
      .update(bulkSendRows)
      .set({
        status: 'queued',
        error: null,
        waitingUntil: null,
        queuings: sql`${bulkSendRows.queuings} + 1`,
        updatedAt: clock.now(),
      })
      .where(
        inArray(
          bulkSendRows.id,
          ids.slice(start, start + rowsPerStatement).map((row) => row.id),
        ),
      )
      .returning({ id: bulkSendRows.id, queuings: bulkSendRows.queuings });
    await enqueueMany(
      tx,
      sendBulkRowJob,
      rows.map((row) => ({
        payload: { rowId: row.id },
        organizationId: actor.organizationId,
        dedupeKey: bulkRowJobKey(row.id, row.queuings),
      })),
    );
  }
  return ids.length;
}

/**
 * Stops the rows not yet sent: they are marked stopped and their jobs find nothing to do. A row
 * whose contract is being made as it is stopped still goes out. The batch ends at once.
 */
export async function stopBulkSend(ctx: ServiceContext, id: string): Promise<BulkSend> {
  return ctx.db.transaction(async (tx) => {
    const batch = await findOwnBulkSend(tx, ctx.actor, id, { forUpdate: true });
    if (batch.status !== 'sending') {
      throw new AppError(
        'BULK_SEND_CLOSED',
        batch.status === 'checking'
          ? 'This bulk send has not been sent; discard it instead'
          : 'This bulk send has finished',
      );
    }
    await tx
      .update(bulkSendRows)
      .set({ status: 'stopped', waitingUntil: null, updatedAt: clock.now() })
      .where(and(eq(bulkSendRows.bulkSendId, id), eq(bulkSendRows.status, 'queued')));
    await finishIfSettled(tx, batch.id, 'stopped');
    return bulkSendView(tx, ctx.actor, await findOwnBulkSend(tx, ctx.actor, id));
  });
}

/** Sends the failed rows again (a batch that finished goes back to sending until they are done). */
export async function retryBulkSend(ctx: ServiceContext, id: string): Promise<BulkSend> {
  return ctx.db.transaction(async (tx) => {
    const batch = await findOwnBulkSend(tx, ctx.actor, id, { forUpdate: true });
    if (batch.status === 'checking')
      throw new AppError('BULK_SEND_CLOSED', 'This bulk send has not been sent yet');
    const queued = await requeue(tx, ctx.actor, id, ['failed']);
    if (queued > 0) {
      await tx
        .update(bulkSends)
        .set({ status: 'sending', finishedAt: null, updatedAt: clock.now() })
        .where(eq(bulkSends.id, id));
    }
    return bulkSendView(tx, ctx.actor, await findOwnBulkSend(tx, ctx.actor, id));
  });
}
