import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { BulkSend } from '../../../shared/api/bulk-sends';
import type { BulkTemplate } from '../../../shared/bulk/row-problems';
import { AppError } from '../../../shared/errors';
import type { Actor } from '../../actor';
import type { ServiceContext } from '../../context';
import type { Database } from '../../db/client';
import { type BulkSendRow, bulkSends } from '../../db/schema';
import { findOwnBulkSend, ownBulkSends } from '../../policies/scope';
import { problemsOf, sheetOf } from './batch-rows';
import { bulkTemplateOf } from './bulk-template';
import { presentBulkSend } from './present-bulk-send';

/** The batch's template as its rows are checked against, or null once the template is gone. */
export async function templateOfBatch(
  db: Database,
  actor: Actor,
  batch: BulkSendRow,
): Promise<BulkTemplate | null> {
  if (!batch.templateId) return null;
  try {
    const { roles, fields, prefills } = await bulkTemplateOf(db, actor, batch.templateId);
    return { roles, fields, prefills };
  } catch (error) {
    if (error instanceof AppError && error.code === 'TEMPLATE_NOT_FOUND') return null;
    throw error;
  }
}

/** A batch as the API answers, its problems checked now (in the caller's transaction, if any). */
export async function bulkSendView(db: Database, actor: Actor, batch: BulkSendRow): Promise<BulkSend> {
  const template = await templateOfBatch(db, actor, batch);
  const problems = batch.status === 'checking' ? problemsOf(batch, await sheetOf(db, batch), template) : [];
  return presentBulkSend(db, batch, template, problems);
}

export async function getBulkSend(ctx: ServiceContext, id: string): Promise<BulkSend> {
  return bulkSendView(ctx.db, ctx.actor, await findOwnBulkSend(ctx.db, ctx.actor, id));
}

/** The organization's batches, newest first, a page at a time (the cursor: the last one's time and id). */
export async function listBulkSends(
  ctx: ServiceContext,
  query: { cursor?: string; limit: number },
): Promise<{ items: BulkSend[]; nextCursor: string | null }> {
  const after = query.cursor ? decodeBatchCursor(query.cursor) : null;
  const rows = await ctx.db
    .select()
    .from(bulkSends)
    .where(
      and(
        ownBulkSends(ctx.actor),
        after
          ? or(
              lt(bulkSends.createdAt, after.at),
              and(eq(bulkSends.createdAt, after.at), lt(bulkSends.id, after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(bulkSends.createdAt), desc(bulkSends.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const items: BulkSend[] = [];
  // Listed without their rows' problems: a list shows where each stands, its page the rest. A
  // template sent in several batches is read once.
  const templates = new Map<string | null, Promise<BulkTemplate | null>>();
  for (const batch of page) {
    const template = templates.get(batch.templateId) ?? templateOfBatch(ctx.db, ctx.actor, batch);
    templates.set(batch.templateId, template);
    items.push(await presentBulkSend(ctx.db, batch, await template, []));
  }
  const last = page.at(-1);
  return {
    items,
    nextCursor: rows.length > query.limit && last ? `${last.createdAt.toISOString()}_${last.id}` : null,
  };
}

function decodeBatchCursor(cursor: string): { at: Date; id: string } {
  const [at, id] = cursor.split('_');
  const date = new Date(at ?? '');
  if (!id || Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw new AppError('INVALID_INPUT', 'The cursor is not one this API returned', 'cursor');
  }
  return { at: date, id };
}
