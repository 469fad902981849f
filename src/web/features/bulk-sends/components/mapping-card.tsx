import type { BulkSend } from '../../../../shared/api/bulk-sends';
import { targetOf } from '../../../../shared/bulk/column-mapping';
import { ErrorBanner } from '../../../components/ui/banner';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api-errors';
import { useSetBulkMapping } from '../api/bulk-sends';
import { columnOptions } from './column-options';

/**
 * The mapping step: each header of the file with what its column gives, suggested from the headers
 * and saved as soon as one is changed (every row is then checked again).
 */
export function MappingCard({ batch }: { batch: BulkSend }) {
  const save = useSetBulkMapping(batch.id);
  const options = columnOptions(batch.template);
  const problems = batch.problems.mapping;

  const change = (index: number, value: string) => {
    const picked = options.find((option) => option.value === value);
    if (!picked) return;
    save.mutate(batch.mapping.map((column, at) => (at === index ? picked.column : column)));
  };

  return (
    <Card>
      <section aria-labelledby="bulk-mapping-heading" className="space-y-4 p-4 sm:p-6">
        <div>
          <h2 id="bulk-mapping-heading" className="text-base font-semibold text-slate-900">
            Columns
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            What each column of the file gives each contract. Change any the headers were read wrong for.
          </p>
        </div>
        {problems.length > 0 && (
          <ErrorBanner>
            <ul aria-label="Column problems" className="list-disc space-y-0.5 pl-4">
              {problems.map((problem) => (
                <li key={`${problem.column}-${problem.message}`}>{problem.message}</li>
              ))}
            </ul>
          </ErrorBanner>
        )}
        {save.error && <ErrorBanner>{errorMessage(save.error)}</ErrorBanner>}
        <div className="overflow-x-auto rounded-md ring-1 ring-slate-200">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  Column in the file
                </th>
                <th scope="col" className="px-3 py-2 font-medium">
                  Gives
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {batch.headers.map((header, index) => (
                // Headers may repeat or be empty: a column is its place.
                // biome-ignore lint/suspicious/noArrayIndexKey: the column's index is its identity
                <tr key={index}>
                  <td className="px-3 py-2 font-medium text-slate-900">
                    {header || <span className="text-meta italic">(no header)</span>}
                  </td>
                  <td className="px-3 py-2">
                    <select
                      aria-label={`What “${header}” gives`}
                      value={targetOf(batch.mapping[index] ?? { kind: 'ignore' })}
                      onChange={(event) => change(index, event.target.value)}
                      className="h-9 w-full min-w-44 rounded-md border-0 pr-8 pl-3 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600"
                    >
                      {options.map((option) => (
                        <option key={option.value} value={option.value}>
                          {option.label}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
    </Card>
  );
}
