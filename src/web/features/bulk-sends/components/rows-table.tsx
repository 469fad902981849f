import type { ReactNode } from 'react';

/**
 * A batch's rows as a table that scrolls sideways inside its own box (a file may have dozens of
 * columns; the page never scrolls sideways): the row's number, `lead` columns (the actions, the
 * state: in view before any scrolling), then the file's headers.
 */
export function RowsTable({
  headers,
  lead,
  children,
}: {
  headers: string[];
  lead: string[];
  children: ReactNode;
}) {
  const th = 'px-3 py-2 font-medium whitespace-nowrap';
  return (
    <div className="max-h-[70vh] overflow-auto rounded-md ring-1 ring-slate-200">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="sticky top-0 z-10 bg-slate-50 text-left text-slate-700">
          <tr>
            <th scope="col" className={th}>
              Row
            </th>
            {lead.map((name) => (
              <th key={name} scope="col" className={th}>
                {name}
              </th>
            ))}
            {headers.map((header, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the column's index is its identity
              <th key={index} scope="col" className={th}>
                {header || `Column ${index + 1}`}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}
