import { Download } from 'lucide-react';
import { Link } from 'react-router';
import type { ReportTable } from '../../../../shared/reports/report-tables';
import { buttonClass } from '../../../components/ui/button';

/**
 * A report's table exactly as its CSV holds it (both come from src/shared/reports), with the
 * download beside it. It scrolls sideways on a narrow screen rather than squeezing its columns.
 */
export function ReportTableView({
  caption,
  table,
  csvUrl,
  rowLinks,
}: {
  caption: string;
  table: ReportTable;
  csvUrl: string;
  /** Where each row's first cell leads (a contract), when its rows are things one can open. */
  rowLinks?: string[];
}) {
  return (
    <div className="space-y-2">
      <div className="flex justify-end">
        <a
          href={csvUrl}
          download
          aria-label={`Download CSV: ${caption}`}
          className={buttonClass('secondary', 'sm')}
        >
          <Download aria-hidden="true" className="size-4" />
          CSV
        </a>
      </div>
      <section
        className="max-h-80 overflow-auto rounded-md border border-slate-200"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is focusable, so the keyboard can scroll it
        tabIndex={0}
        aria-label={`Table: ${caption}`}
      >
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 bg-slate-50">
            <tr>
              {table.columns.map((column, i) => (
                <th
                  key={column}
                  scope="col"
                  className={`px-3 py-2 text-xs font-semibold whitespace-nowrap text-slate-700 ${i > 0 ? 'text-right' : ''}`}
                >
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {table.rows.length === 0 ? (
              <tr>
                <td colSpan={table.columns.length} className="px-3 py-4 text-center text-slate-600">
                  Nothing in this range yet.
                </td>
              </tr>
            ) : (
              table.rows.map((row, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a report's rows have no id, and are redrawn whole
                <tr key={r}>
                  {row.map((cell, i) =>
                    i === 0 ? (
                      <th
                        key={table.columns[i]}
                        scope="row"
                        className="px-3 py-1.5 font-medium whitespace-nowrap text-slate-900"
                      >
                        {rowLinks?.[r] ? (
                          <Link to={rowLinks[r]} className="text-indigo-700 hover:underline">
                            {cell}
                          </Link>
                        ) : (
                          cell
                        )}
                      </th>
                    ) : (
                      <td
                        key={table.columns[i]}
                        className="px-3 py-1.5 text-right whitespace-nowrap tabular-nums text-slate-700"
                      >
                        {cell}
                      </td>
                    ),
                  )}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </section>
    </div>
  );
}
