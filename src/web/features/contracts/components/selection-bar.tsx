import { Download } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { contractArchiveLimits } from '../../../../shared/limits';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-errors';
import { BulkTermsDialog } from '../../terms/public/bulk-terms-dialog';
import { downloadSignedArchive } from '../api/contract-archive';
import type { Notice } from './contract-actions-menu';

type Props = {
  /** The contracts the list shows, in its order. */
  shown: readonly string[];
  selected: ReadonlySet<string>;
  onSelect: (selected: Set<string>) => void;
  onNotice: (notice: Notice) => void;
};

/**
 * Above the contracts list: choose every row shown (or none), how many are chosen, and what to do
 * with them: edit their key terms at once, or download their signed PDFs as one ZIP. The rows' own
 * checkboxes choose one at a time.
 */
export function SelectionBar({ shown, selected, onSelect, onNotice }: Props) {
  const [busy, setBusy] = useState(false);
  const all = useRef<HTMLInputElement>(null);
  const chosenShown = shown.filter((id) => selected.has(id)).length;
  const every = shown.length > 0 && chosenShown === shown.length;
  const some = chosenShown > 0 && !every;
  useEffect(() => {
    if (all.current) all.current.indeterminate = some;
  }, [some]);
  const count = selected.size;
  const tooMany = count > contractArchiveLimits.contracts;

  async function download() {
    setBusy(true);
    try {
      await downloadSignedArchive([...selected]);
      onNotice({
        tone: 'success',
        text: `The signed PDFs of ${count === 1 ? 'the contract' : `${count} contracts`} were downloaded as a ZIP. Contracts not signed yet are listed in “Not included.txt” inside.`,
      });
    } catch (error) {
      onNotice({ tone: 'error', text: errorMessage(error, 'The ZIP could not be downloaded.') });
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-100 px-4 py-2.5 sm:px-6">
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input
          ref={all}
          type="checkbox"
          checked={every}
          onChange={() => {
            const next = new Set(selected);
            for (const id of shown) {
              if (every) next.delete(id);
              else next.add(id);
            }
            onSelect(next);
          }}
          className="size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
        />
        Select all shown
      </label>
      <span aria-live="polite" className="text-sm text-slate-500">
        {count === 0 ? 'None selected' : `${count} selected`}
        {tooMany && ` (at most ${contractArchiveLimits.contracts.toLocaleString('en')} at once)`}
      </span>
      <div className="flex flex-1 flex-wrap items-center justify-end gap-2">
        {count > 0 && (
          <Button variant="ghost" size="sm" onClick={() => onSelect(new Set())}>
            Clear selection
          </Button>
        )}
        {count > 0 && (
          <BulkTermsDialog
            contractIds={[...selected]}
            onDone={(text) => {
              onSelect(new Set());
              onNotice({ tone: 'success', text });
            }}
            trigger={
              <Button variant="secondary" size="sm">
                Edit terms
              </Button>
            }
          />
        )}
        <Button
          variant="secondary"
          size="sm"
          disabled={count === 0 || tooMany}
          loading={busy}
          onClick={() => void download()}
        >
          <Download aria-hidden="true" className="size-4" /> Download signed PDFs (ZIP)
        </Button>
      </div>
    </div>
  );
}
