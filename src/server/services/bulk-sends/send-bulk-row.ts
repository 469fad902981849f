import { and, eq } from 'drizzle-orm';
import { rowInput } from '../../../shared/bulk/row-input';
import { AppError } from '../../../shared/errors';
import * as clock from '../../clock';
import type { JobContext } from '../../context';
import type { Database } from '../../db/client';
import { bulkSendRows, bulkSends, contracts } from '../../db/schema';
import { enqueue } from '../../queue/job-type';
import { sendContract } from '../contracts/send-contract';
import { memberActor } from '../team/member-actor';
import { createFromTemplate } from '../templates/create-from-template';
import { bulkRowJobKey, sendBulkRowJob } from './bulk-row-job';
import { finishIfSettled } from './finish-bulk-send';

type RowJob = { attempts: number; maxAttempts: number };

/**
 * One row's contract: made from the template with the row's people and merge values (its id is
 * the row's own, so a job run twice makes it once), then sent, by the member who made the batch.
 * What the sender can fix (an address the template refuses, the contract too long) fails the row
 * with the reason, its draft kept for them to open; the organization's sending limit holds the
 * row back until the limit allows it; anything else is retried, then failed.
 */
export async function sendBulkRow(
  deps: JobContext<'pdf' | 'files' | 'content'>,
  rowId: string,
  job: RowJob,
): Promise<void> {
  const { db } = deps;
  const [found] = await db
    .select({ row: bulkSendRows, batch: bulkSends })
    .from(bulkSendRows)
    .innerJoin(bulkSends, eq(bulkSends.id, bulkSendRows.bulkSendId))
    .where(eq(bulkSendRows.id, rowId));
  if (found?.row.status !== 'queued' || found.batch.status !== 'sending') return;
  const { row, batch } = found;
  const settle = (change: { status: 'sent' | 'failed'; error?: string; contractId?: string | null }) =>
    db.transaction(async (tx) => {
      await tx
        .update(bulkSendRows)
        .set({
          status: change.status,
          error: change.error ?? null,
          waitingUntil: null,
          updatedAt: clock.now(),
          ...(change.contractId !== undefined ? { contractId: change.contractId } : {}),
        })
        .where(and(eq(bulkSendRows.id, row.id), eq(bulkSendRows.status, 'queued')));
      await finishIfSettled(tx, batch.id);
    });

  const actor = batch.createdBy ? await memberActor(db, batch.organizationId, batch.createdBy) : null;
  if (!actor)
    return settle({
      status: 'failed',
      error: `${batch.createdByName}, who made this bulk send, is no longer a member of the organization`,
    });
  if (!batch.templateId) return settle({ status: 'failed', error: 'The template was deleted' });
  const ctx = { ...deps, actor };
  const { people, values, prefill } = rowInput(batch.mapping, row.cells);
  try {
    // The row's own contract only: an id another organization took first is no contract of this batch.
    const [existing] = await db
      .select({ status: contracts.status })
      .from(contracts)
      .where(and(eq(contracts.id, row.id), eq(contracts.organizationId, batch.organizationId)));
    if (!existing) {
      await createFromTemplate(ctx, batch.templateId, {
        id: row.id,
        ...(batch.projectId ? { projectId: batch.projectId } : {}),
        people,
        values,
        prefill,
      });
    }
    if (!existing || existing.status === 'draft') {
      const [template] = await db
        .select({ sequential: contracts.sequential })
        .from(contracts)
        .where(eq(contracts.id, batch.templateId));
      await sendContract(ctx, row.id, { sequential: template?.sequential ?? false });
    }
    await settle({ status: 'sent', contractId: row.id });
  } catch (error) {
    const contractId = (await contractMade(db, row.id, batch.organizationId)) ? row.id : null;
    if (error instanceof AppError && error.code === 'RATE_LIMITED') {
      return waitForLimit(
        db,
        { id: row.id, queuings: row.queuings, organizationId: batch.organizationId },
        error,
        contractId,
      );
    }
    if (error instanceof AppError && error.status < 500) {
      return settle({ status: 'failed', error: error.message, contractId });
    }
    if (job.attempts < job.maxAttempts) throw error;
    return settle({
      status: 'failed',
      error: 'The contract could not be made or sent. Retry the row.',
      contractId,
    });
  }
}

async function contractMade(db: Database, id: string, organizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.id, id), eq(contracts.organizationId, organizationId)));
  return row !== undefined;
}

/** Held back by the organization's sending limit: queued again for when it allows more. */
async function waitForLimit(
  db: Database,
  row: { id: string; queuings: number; organizationId: string },
  error: AppError,
  contractId: string | null,
) {
  const until = new Date(clock.now().getTime() + (error.retryAfterSeconds ?? 3600) * 1000);
  await db.transaction(async (tx) => {
    const [requeued] = await tx
      .update(bulkSendRows)
      .set({
        waitingUntil: until,
        error: error.message,
        queuings: row.queuings + 1,
        contractId,
        updatedAt: clock.now(),
      })
      .where(and(eq(bulkSendRows.id, row.id), eq(bulkSendRows.status, 'queued')))
      .returning({ queuings: bulkSendRows.queuings });
    if (!requeued) return;
    await enqueue(
      tx,
      sendBulkRowJob,
      { rowId: row.id },
      {
        organizationId: row.organizationId,
        runAt: until,
        dedupeKey: bulkRowJobKey(row.id, requeued.queuings),
      },
    );
  });
}
