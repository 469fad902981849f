import { count, eq, max } from 'drizzle-orm';
import { type BulkRowStatus, type BulkSend, bulkRowStatuses } from '../../../shared/api/bulk-sends';
import type { BulkProblem, BulkTemplate } from '../../../shared/bulk/row-problems';
import type { Database } from '../../db/client';
import { type BulkSendRow, bulkSendRows } from '../../db/schema';

/** A batch as the API answers: its template, mapping, rows by status and problems. */
export async function presentBulkSend(
  db: Database,
  batch: BulkSendRow,
  template: BulkTemplate | null,
  problems: readonly BulkProblem[],
): Promise<BulkSend> {
  const byStatus = await db
    .select({ status: bulkSendRows.status, rows: count(), waitingUntil: max(bulkSendRows.waitingUntil) })
    .from(bulkSendRows)
    .where(eq(bulkSendRows.bulkSendId, batch.id))
    .groupBy(bulkSendRows.status);
  const counts = Object.fromEntries(bulkRowStatuses.map((status) => [status, 0])) as Record<
    BulkRowStatus,
    number
  >;
  for (const entry of byStatus) counts[entry.status] = entry.rows;
  const queued = byStatus.find((entry) => entry.status === 'queued');
  const waitingUntil = queued?.waitingUntil && queued.waitingUntil > new Date() ? queued.waitingUntil : null;
  return {
    id: batch.id,
    status: batch.status,
    template: {
      id: batch.templateId,
      title: batch.templateTitle,
      roles: template?.roles ?? [],
      fields: template?.fields ?? [],
      prefills: (template?.prefills ?? []).map(({ id, label, type }) => ({ id, label, type })),
    },
    projectId: batch.projectId,
    fileName: batch.fileName,
    source: batch.source,
    headers: batch.headers,
    mapping: batch.mapping,
    rowCount: batch.rowCount,
    counts,
    problems: {
      count: problems.length,
      rows: new Set(problems.flatMap((problem) => (problem.row === null ? [] : [problem.row]))).size,
      mapping: problems.filter((problem) => problem.row === null),
    },
    waitingUntil: waitingUntil?.toISOString() ?? null,
    createdBy: { id: batch.createdBy, name: batch.createdByName },
    createdAt: batch.createdAt.toISOString(),
    sentAt: batch.sentAt?.toISOString() ?? null,
    finishedAt: batch.finishedAt?.toISOString() ?? null,
  };
}
