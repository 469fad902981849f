import { and, eq } from 'drizzle-orm';
import type { BulkSend } from '../../../shared/api/bulk-sends';
import type { BulkColumn } from '../../../shared/bulk/column-mapping';
import { AppError } from '../../../shared/errors';
import * as clock from '../../clock';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/client';
import { type BulkSendRow, bulkSendRows, bulkSends } from '../../db/schema';
import { findOwnBulkSend } from '../../policies/scope';
import { bulkSendView } from './get-bulk-send';

/** A batch changed only while it is checked, one change at a time (its row locked). */
async function whileChecking(
  ctx: ServiceContext,
  id: string,
  change: (tx: Database, batch: BulkSendRow) => Promise<void>,
): Promise<BulkSend> {
  return ctx.db.transaction(async (tx) => {
    const batch = await findOwnBulkSend(tx, ctx.actor, id, { forUpdate: true });
    if (batch.status !== 'checking') {
      throw new AppError(
        'BULK_SEND_CLOSED',
        'This bulk send has been sent: its rows can no longer be changed',
      );
    }
    await change(tx, batch);
    const [changed] = await tx
      .update(bulkSends)
      .set({ updatedAt: clock.now() })
      .where(eq(bulkSends.id, id))
      .returning();
    return bulkSendView(tx, ctx.actor, changed ?? batch);
  });
}

/** Says what each column gives: one entry per header. */
export function setBulkMapping(ctx: ServiceContext, id: string, mapping: BulkColumn[]): Promise<BulkSend> {
  return whileChecking(ctx, id, async (tx, batch) => {
    if (mapping.length !== batch.headers.length) {
      throw new AppError(
        'INVALID_INPUT',
        `Give what each of the ${batch.headers.length} columns gives (${mapping.length} given)`,
        'mapping',
      );
    }
    await tx.update(bulkSends).set({ mapping }).where(eq(bulkSends.id, id));
  });
}

/** Corrects one row's cells, in place. */
export function updateBulkRow(
  ctx: ServiceContext,
  id: string,
  row: number,
  cells: string[],
): Promise<BulkSend> {
  return whileChecking(ctx, id, async (tx, batch) => {
    if (cells.length > batch.headers.length) {
      throw new AppError(
        'INVALID_INPUT',
        `The file has ${batch.headers.length} columns; ${cells.length} cells were given`,
        'cells',
      );
    }
    const [updated] = await tx
      .update(bulkSendRows)
      .set({ cells, updatedAt: clock.now() })
      .where(and(eq(bulkSendRows.bulkSendId, id), eq(bulkSendRows.row, row)))
      .returning({ id: bulkSendRows.id });
    if (!updated) throw new AppError('NOT_FOUND', `This bulk send has no row ${row}`);
  });
}

/** Leaves a row out of the batch. */
export function removeBulkRow(ctx: ServiceContext, id: string, row: number): Promise<BulkSend> {
  return whileChecking(ctx, id, async (tx, batch) => {
    if (batch.rowCount <= 1)
      throw new AppError('INVALID_INPUT', 'A bulk send needs a row; discard it instead');
    const [removed] = await tx
      .delete(bulkSendRows)
      .where(and(eq(bulkSendRows.bulkSendId, id), eq(bulkSendRows.row, row)))
      .returning({ id: bulkSendRows.id });
    if (!removed) throw new AppError('NOT_FOUND', `This bulk send has no row ${row}`);
    await tx
      .update(bulkSends)
      .set({ rowCount: batch.rowCount - 1 })
      .where(eq(bulkSends.id, id));
  });
}

/** Discards a batch that was never sent. */
export async function discardBulkSend(ctx: ServiceContext, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const batch = await findOwnBulkSend(tx, ctx.actor, id, { forUpdate: true });
    if (batch.status !== 'checking') {
      throw new AppError('BULK_SEND_CLOSED', 'This bulk send has been sent; stop it instead');
    }
    await tx.delete(bulkSends).where(eq(bulkSends.id, id));
  });
}
