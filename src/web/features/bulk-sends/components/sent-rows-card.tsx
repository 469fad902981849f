import { Link } from 'react-router';
import type { BulkSend } from '../../../../shared/api/bulk-sends';
import { BulkStatusBadge } from './bulk-status-badge';
import { CellText } from './cell-text';
import { RowsCard } from './rows-card';

/** A sent batch's rows: each one's state, its contract once made, why it failed; followed while sending. */
export function SentRowsCard({ batch }: { batch: BulkSend }) {
  return (
    <RowsCard
      batch={batch}
      only={{ show: 'failed', label: `Only failed rows (${batch.counts.failed})`, none: 'No row failed.' }}
      lead={['Status', 'Contract']}
      row={(row) => (
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
      )}
    />
  );
}
