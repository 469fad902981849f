import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { BulkSend } from '../../../../shared/api/bulk-sends';
import { ErrorBanner } from '../../../components/ui/banner';
import { Card } from '../../../components/ui/card';
import { LoadMore } from '../../../components/ui/load-more';
import { errorMessage } from '../../../lib/api-errors';
import { bulkRowsQuery } from '../api/bulk-sends';
import { BulkStatusBadge } from './bulk-status-badge';
import { CellText } from './cell-text';
import { RowsTable } from './rows-table';

/** A sent batch's rows: each one's state, its contract once made, why it failed; followed while sending. */
export function SentRowsCard({ batch }: { batch: BulkSend }) {
  const [onlyFailed, setOnlyFailed] = useState(false);
  const rows = useInfiniteQuery(
    bulkRowsQuery(batch.id, onlyFailed ? 'failed' : 'all', batch.status === 'sending'),
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
              checked={onlyFailed}
              onChange={(event) => setOnlyFailed(event.target.checked)}
              className="size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
            />
            Only failed rows ({batch.counts.failed})
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
            {onlyFailed ? 'No row failed.' : 'This batch has no rows.'}
          </p>
        ) : (
          <RowsTable headers={batch.headers} lead={['Status', 'Contract']}>
            {items.map((row) => (
              <tr key={row.row} className="align-top">
                <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                  {row.row}
                </th>
                <td className="px-3 py-2">
                  <BulkStatusBadge status={row.status} />
                  {row.error && <p className="mt-1 max-w-64 text-xs text-red-800">{row.error}</p>}
                </td>
                <td className="px-3 py-2 whitespace-nowrap">
                  {row.contractId ? (
                    <Link
                      to={`/contracts/${row.contractId}`}
                      className="font-medium text-indigo-700 hover:underline"
                    >
                      Open contract<span className="sr-only"> of row {row.row}</span>
                    </Link>
                  ) : (
                    <span className="text-meta">—</span>
                  )}
                </td>
                {batch.headers.map((_, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the column's index is its identity
                  <td key={index} className="min-w-28 max-w-60 px-3 py-2">
                    <CellText value={row.cells[index] ?? ''} />
                  </td>
                ))}
              </tr>
            ))}
          </RowsTable>
        )}
        <LoadMore pages={rows} />
      </section>
    </Card>
  );
}
