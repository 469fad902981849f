import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { BulkTermsDialog } from '../../terms/public/bulk-terms-dialog';

/** Which contracts of the list are chosen for an action on many at once. */
export function useContractSelection() {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  return {
    chosen,
    isChosen: (id: string) => chosen.has(id),
    toggle: (id: string, on: boolean) =>
      setChosen((current) => {
        const next = new Set(current);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      }),
    setAll: (ids: string[], on: boolean) => setChosen(on ? new Set(ids) : new Set()),
    clear: () => setChosen(new Set()),
  };
}
export type ContractSelection = ReturnType<typeof useContractSelection>;

/** A row's checkbox, named by the contract it chooses. */
export function SelectRow({
  selection,
  id,
  title,
}: {
  selection: ContractSelection;
  id: string;
  title: string;
}) {
  return (
    <input
      type="checkbox"
      aria-label={`Select ${title}`}
      checked={selection.isChosen(id)}
      onChange={(event) => selection.toggle(id, event.target.checked)}
      className="size-4 shrink-0 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
    />
  );
}

/** Above the list: choose every contract shown, and what to do with those chosen. */
export function SelectionBar({
  selection,
  shownIds,
  onNotice,
}: {
  selection: ContractSelection;
  shownIds: string[];
  onNotice: (text: string) => void;
}) {
  const chosen = shownIds.filter((id) => selection.chosen.has(id));
  const all = shownIds.length > 0 && chosen.length === shownIds.length;
  return (
    <div className="flex min-h-12 flex-wrap items-center gap-3 border-b border-slate-100 px-4 py-2 sm:px-6">
      <label className="flex items-center gap-3 text-sm text-slate-700">
        <input
          type="checkbox"
          checked={all}
          ref={(box) => {
            if (box) box.indeterminate = chosen.length > 0 && !all;
          }}
          onChange={(event) => selection.setAll(shownIds, event.target.checked)}
          className="size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
        />
        {chosen.length > 0 ? `${chosen.length} selected` : 'Select all shown'}
      </label>
      {chosen.length > 0 && (
        <div className="ml-auto flex items-center gap-2">
          <BulkTermsDialog
            contractIds={chosen}
            onDone={(text) => {
              selection.clear();
              onNotice(text);
            }}
            trigger={
              <Button variant="secondary" size="sm">
                Edit terms
              </Button>
            }
          />
          <Button variant="ghost" size="sm" onClick={selection.clear}>
            Clear
          </Button>
        </div>
      )}
    </div>
  );
}
