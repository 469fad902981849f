import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { BulkSend } from '../../../../shared/api/bulk-sends';
import { ErrorBanner } from '../../../components/ui/banner';
import { Card } from '../../../components/ui/card';
import { LoadMore } from '../../../components/ui/load-more';
import { errorMessage } from '../../../lib/api-errors';
import { bulkRowsQuery } from '../api/bulk-sends';
import { CheckingRow } from './checking-row';
import { RowsTable } from './rows-table';

/** The rows of a batch being checked, every one or only those with a problem, to fix in place. */
export function CheckingRowsCard({ batch }: { batch: BulkSend }) {
  const [onlyProblems, setOnlyProblems] = useState(false);
  const rows = useInfiniteQuery(bulkRowsQuery(batch.id, onlyProblems ? 'problems' : 'all', false));
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
              checked={onlyProblems}
              onChange={(event) => setOnlyProblems(event.target.checked)}
              className="size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
            />
            Only rows with problems ({batch.problems.rows})
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
          <p className="text-sm text-slate-600">
            {onlyProblems ? 'No row has a problem.' : 'This batch has no rows.'}
          </p>
        ) : (
          <RowsTable headers={batch.headers} lead={['Actions']}>
            {items.map((row) => (
              <CheckingRow key={row.row} batch={batch} row={row} />
            ))}
          </RowsTable>
        )}
        <LoadMore pages={rows} />
      </section>
    </Card>
  );
}
