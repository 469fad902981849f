import { useInfiniteQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { BulkRow, BulkSend } from '../../../../shared/api/bulk-sends';
import { ErrorBanner } from '../../../components/ui/banner';
import { Card } from '../../../components/ui/card';
import { LoadMore } from '../../../components/ui/load-more';
import { errorMessage } from '../../../lib/api-errors';
import { bulkRowsQuery } from '../api/bulk-sends';
import { RowsTable } from './rows-table';

/**
 * A batch's rows as a card: every row, or only those of one kind (with a problem, failed) behind
 * a checkbox, a page at a time, each drawn by `row` after the columns `lead` names.
 */
export function RowsCard({
  batch,
  only,
  lead,
  row,
}: {
  batch: BulkSend;
  only: { show: 'problems' | 'failed'; label: string; none: string };
  lead: string[];
  row: (row: BulkRow) => ReactNode;
}) {
  const [onlySome, setOnlySome] = useState(false);
  const rows = useInfiniteQuery(
    bulkRowsQuery(batch.id, onlySome ? only.show : 'all', batch.status === 'sending'),
  );
  const items = rows.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Card>
      <section aria-labelledby="bulk-rows-heading" className="space-y-4 p-4 sm:p-6">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <h2 id="bulk-rows-heading" className="text-base font-semibold text-slate-900">
            Rows
          </h2>
          <label className="flex items-center gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={onlySome}
              onChange={(event) => setOnlySome(event.target.checked)}
              className="size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
            />
            {only.label}
          </label>
        </div>
        {rows.error && <ErrorBanner>The rows could not be loaded: {errorMessage(rows.error)}</ErrorBanner>}
        {rows.isPending ? (
          <div
            role="status"
            aria-label="Loading rows"
            className="h-40 animate-pulse rounded-md bg-slate-100"
          />
        ) : items.length === 0 ? (
          <p className="text-sm text-slate-600">{onlySome ? only.none : 'This batch has no rows.'}</p>
        ) : (
          <RowsTable headers={batch.headers} lead={lead}>
            {items.map(row)}
          </RowsTable>
        )}
        <LoadMore pages={rows} />
      </section>
    </Card>
  );
}
