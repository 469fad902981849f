import { eq, sql } from 'drizzle-orm';
import { offsetMapper, relocateAnchor } from '../../../editor/comments/anchor';
import { documentPlainText } from '../../../editor/comments/plain-text';
import type { EditorDocument } from '../../../shared/api/editor-document';
import type { Database } from '../../db/client';
import { commentThreads } from '../../db/schema';

type Moved = {
  id: string;
  quote: string;
  prefix: string;
  suffix: string;
  start: number;
  end: number;
  detached: boolean;
};

/**
 * Finds every thread of a contract again after its content changed (a save, a restore), in the
 * caller's transaction: the exact quote nearest its old offset (mapped through the edit; context
 * breaks ties), else the text now between its prefix and suffix (the passage was edited), else
 * it is detached (its passage was deleted; the quote stays to say what it was). A detached thread
 * whose passage comes back (a restore) is attached again. Only threads that moved are written,
 * in one statement.
 */
export async function reanchorThreads(
  tx: Database,
  contractId: string,
  before: EditorDocument,
  after: EditorDocument,
  at: Date,
): Promise<void> {
  const threads = await tx
    .select({
      id: commentThreads.id,
      quote: commentThreads.quote,
      prefix: commentThreads.prefix,
      suffix: commentThreads.suffix,
      start: commentThreads.anchorStart,
      end: commentThreads.anchorEnd,
      detachedAt: commentThreads.detachedAt,
    })
    .from(commentThreads)
    .where(eq(commentThreads.contractId, contractId));
  if (threads.length === 0) return;
  const oldText = documentPlainText(before).text;
  const newText = documentPlainText(after).text;
  if (oldText === newText && threads.every((thread) => thread.detachedAt === null)) return;
  const mapOffset = offsetMapper(oldText, newText);
  const moved: Moved[] = [];
  for (const thread of threads) {
    const expected = thread.detachedAt ? thread.start : mapOffset(thread.start);
    const found = relocateAnchor(newText, thread, expected);
    if (found.status === 'deleted') {
      if (!thread.detachedAt) moved.push({ ...thread, detached: true });
      continue;
    }
    const anchor = found.anchor;
    if (
      thread.detachedAt ||
      anchor.start !== thread.start ||
      anchor.end !== thread.end ||
      anchor.quote !== thread.quote ||
      anchor.prefix !== thread.prefix ||
      anchor.suffix !== thread.suffix
    ) {
      moved.push({ id: thread.id, ...anchor, detached: false });
    }
  }
  if (moved.length === 0) return;
  await tx.execute(sql`
    update comment_threads as t set
      quote = m.quote,
      prefix = m.prefix,
      suffix = m.suffix,
      anchor_start = m.start,
      anchor_end = m."end",
      detached_at = case when m.detached then coalesce(t.detached_at, ${at.toISOString()}::timestamptz) else null end,
      updated_at = ${at.toISOString()}::timestamptz
    from jsonb_to_recordset(${JSON.stringify(moved)}::jsonb)
      as m(id uuid, quote text, prefix text, suffix text, start int, "end" int, detached boolean)
    where t.id = m.id and t.contract_id = ${contractId}::uuid
  `);
}
