import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

type Props = {
  message: string;
  contractId: string;
  busy: boolean;
  onKeepMine: () => void;
  onLoadTheirs: () => Promise<void>;
};

/**
 * Someone saved the draft after this page opened it, and this page's save was refused: what is
 * on screen stays. The person looks at what changed (in a new tab, so nothing here is lost), then
 * keeps theirs (saved as a new version; the other stays a version too) or loads the stored one.
 */
export function ConflictBanner({ message, contractId, busy, onKeepMine, onLoadTheirs }: Props) {
  const [confirming, setConfirming] = useState(false);
  const [loading, setLoading] = useState(false);
  return (
    <div role="alert" className="rounded-md bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-200">
      <div className="flex items-start gap-2">
        <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <div className="space-y-3">
          <p>{message}</p>
          <div className="flex flex-wrap gap-2">
            <a
              href={`/contracts/${contractId}/compare`}
              target="_blank"
              rel="noreferrer"
              className="inline-flex h-9 items-center rounded-md px-3 font-medium text-amber-900 ring-1 ring-amber-300 hover:bg-amber-100"
            >
              See what changed
            </a>
            <Button size="sm" loading={busy} onClick={onKeepMine}>
              Save mine as the latest
            </Button>
            <Button size="sm" variant="secondary" onClick={() => setConfirming(true)}>
              Discard mine and load theirs
            </Button>
          </div>
        </div>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Discard your changes?"
        description="What you changed since your last save is lost, and the stored draft is loaded."
        confirmLabel="Discard and load"
        pending={loading}
        error={null}
        onConfirm={() => {
          setLoading(true);
          void onLoadTheirs().finally(() => setLoading(false));
        }}
      />
    </div>
  );
}
