import { AlertCircle, Eye, Pencil, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { BulkRow, BulkSend } from '../../../../shared/api/bulk-sends';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button, buttonClass } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { api } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-errors';
import { useRemoveBulkRow, useUpdateBulkRow } from '../api/bulk-sends';
import { CellText } from './cell-text';

/**
 * One row of a batch being checked: its cells, each problem under the cell it concerns (the cell
 * marked, the message in words), and Edit (the cells become fields, saved together), Preview (the
 * PDF it will be sent as, for a row without problems) and Remove.
 */
export function CheckingRow({ batch, row }: { batch: BulkSend; row: BulkRow }) {
  const [editing, setEditing] = useState<string[] | null>(null);
  const [removing, setRemoving] = useState(false);
  const update = useUpdateBulkRow(batch.id);
  const remove = useRemoveBulkRow(batch.id);
  const wholeRow = row.problems.filter((problem) => problem.column === null);
  const problemsOf = (index: number) => row.problems.filter((problem) => problem.column === index);
  const columns = batch.headers.length;

  const save = () => {
    if (!editing) return;
    update.mutate({ row: row.row, cells: editing }, { onSuccess: () => setEditing(null) });
  };

  return (
    <>
      <tr className="align-top">
        <th scope="row" className="px-3 py-2 text-left font-medium whitespace-nowrap text-slate-900">
          {row.row}
        </th>
        <td className="px-2 py-2">
          <div className={`flex gap-0.5 ${editing ? 'flex-col items-stretch' : 'items-center'}`}>
            {editing ? (
              <>
                <Button
                  size="sm"
                  aria-label={`Save row ${row.row}`}
                  loading={update.isPending}
                  onClick={save}
                >
                  Save
                </Button>
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    update.reset();
                    setEditing(null);
                  }}
                >
                  Cancel
                </Button>
              </>
            ) : (
              <>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Edit row ${row.row}`}
                  title="Edit"
                  onClick={() => setEditing(batch.headers.map((_, index) => row.cells[index] ?? ''))}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                </Button>
                {row.problems.length > 0 ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled
                    aria-label={`Preview row ${row.row}`}
                    aria-describedby={`bulk-row-${row.row}-no-preview`}
                    title="Fix this row's problems to preview it"
                  >
                    <Eye aria-hidden="true" className="size-4" />
                    <span id={`bulk-row-${row.row}-no-preview`} className="sr-only">
                      Fix this row's problems to preview it
                    </span>
                  </Button>
                ) : (
                  <a
                    href={api.bulkSends.preview.url({ params: { id: batch.id, row: row.row } })}
                    target="_blank"
                    rel="noopener noreferrer"
                    aria-label={`Preview row ${row.row}`}
                    title="Preview the PDF (opens in a new tab)"
                    className={buttonClass('ghost', 'sm')}
                  >
                    <Eye aria-hidden="true" className="size-4" />
                  </a>
                )}
                <Button
                  variant="danger"
                  size="sm"
                  aria-label={`Remove row ${row.row}`}
                  title="Remove"
                  onClick={() => setRemoving(true)}
                >
                  <Trash2 aria-hidden="true" className="size-4" />
                </Button>
              </>
            )}
          </div>
        </td>
        {batch.headers.map((header, index) => {
          const problems = problemsOf(index);
          return (
            <td
              // biome-ignore lint/suspicious/noArrayIndexKey: the column's index is its identity
              key={index}
              className={`min-w-28 max-w-60 px-3 py-2 ${problems.length > 0 ? 'bg-red-50 ring-1 ring-red-300 ring-inset' : ''}`}
            >
              {editing ? (
                <textarea
                  aria-label={`${header || `Column ${index + 1}`}, row ${row.row}`}
                  rows={2}
                  value={editing[index] ?? ''}
                  onChange={(event) =>
                    setEditing(editing.map((cell, at) => (at === index ? event.target.value : cell)))
                  }
                  className="field-sizing-content block max-h-40 w-full min-w-40 resize-y rounded-md border-0 px-2 py-1 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-indigo-600"
                />
              ) : (
                <CellText value={row.cells[index] ?? ''} />
              )}
              {problems.map((problem) => (
                <p key={problem.message} className="mt-1 flex gap-1 text-xs font-medium text-red-800">
                  <AlertCircle aria-hidden="true" className="mt-px size-3.5 shrink-0" />
                  {problem.message}
                </p>
              ))}
            </td>
          );
        })}
      </tr>
      {(wholeRow.length > 0 || update.error) && (
        <tr>
          <td colSpan={columns + 2} className="px-3 pb-3">
            {update.error ? (
              <ErrorBanner>{errorMessage(update.error)}</ErrorBanner>
            ) : (
              wholeRow.map((problem) => (
                <p key={problem.message} className="flex gap-1 text-xs font-medium text-red-800">
                  <AlertCircle aria-hidden="true" className="mt-px size-3.5 shrink-0" />
                  {problem.message}
                </p>
              ))
            )}
          </td>
        </tr>
      )}
      <ConfirmDialog
        open={removing}
        onOpenChange={(open) => {
          if (!open) remove.reset();
          setRemoving(open);
        }}
        title={`Remove row ${row.row}?`}
        description="No contract is made for it. The rest of the batch is kept."
        confirmLabel="Remove row"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => remove.mutate(row.row, { onSuccess: () => setRemoving(false) })}
      />
    </>
  );
}
