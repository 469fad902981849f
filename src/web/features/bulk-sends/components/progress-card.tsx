import { Clock, RotateCcw, Square } from 'lucide-react';
import { useState } from 'react';
import type { BulkSend } from '../../../../shared/api/bulk-sends';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/api-errors';
import { formatDateTime } from '../../../lib/dates';
import { useRetryBulk, useStopBulk } from '../api/bulk-sends';

const countNames = [
  ['sent', 'Sent'],
  ['failed', 'Failed'],
  ['queued', 'Queued'],
  ['stopped', 'Stopped'],
] as const;

/** A batch sent: how far it is (read again every 1.5 s while sending), its counts, Retry and Stop. */
export function ProgressCard({ batch }: { batch: BulkSend }) {
  const [stopping, setStopping] = useState(false);
  const stop = useStopBulk(batch.id);
  const retry = useRetryBulk(batch.id);
  const { counts, rowCount } = batch;
  const settled = counts.sent + counts.failed + counts.stopped;
  const percent = rowCount === 0 ? 100 : Math.round((settled / rowCount) * 100);
  const summary =
    batch.status === 'sending'
      ? `Sending: ${settled} of ${rowCount} done`
      : batch.status === 'stopped'
        ? `Stopped: ${counts.sent} of ${rowCount} sent`
        : `Done: ${counts.sent} of ${rowCount} sent`;

  return (
    <Card>
      <section aria-labelledby="bulk-progress-heading" className="space-y-4 p-4 sm:p-6">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <div>
            <h2 id="bulk-progress-heading" className="text-base font-semibold text-slate-900">
              Progress
            </h2>
            <p role="status" className="mt-1 text-sm text-slate-700">
              {summary}
            </p>
          </div>
          <div className="flex flex-col gap-2 sm:flex-row">
            {counts.failed > 0 && (
              <Button variant="secondary" loading={retry.isPending} onClick={() => retry.mutate(undefined)}>
                <RotateCcw aria-hidden="true" className="size-4" />
                Retry failed rows
              </Button>
            )}
            {batch.status === 'sending' && (
              <Button variant="danger" onClick={() => setStopping(true)}>
                <Square aria-hidden="true" className="size-4" />
                Stop sending
              </Button>
            )}
          </div>
        </div>
        <div
          role="progressbar"
          aria-label="Contracts sent"
          aria-valuemin={0}
          aria-valuemax={rowCount}
          aria-valuenow={settled}
          aria-valuetext={`${settled} of ${rowCount} done`}
          className="h-3 overflow-hidden rounded-full bg-slate-100 ring-1 ring-slate-200 ring-inset"
        >
          <div
            className={`h-full ${counts.failed > 0 ? 'bg-amber-500' : 'bg-indigo-600'} transition-[width]`}
            style={{ width: `${percent}%` }}
          />
        </div>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {countNames.map(([key, name]) => (
            <div key={key} className="rounded-md bg-slate-50 px-3 py-2 ring-1 ring-slate-200">
              <dt className="text-meta text-xs font-medium">{name}</dt>
              <dd className="text-lg font-semibold text-slate-900">{counts[key]}</dd>
            </div>
          ))}
        </dl>
        {batch.waitingUntil && (
          <p className="flex items-center gap-2 text-sm text-amber-900">
            <Clock aria-hidden="true" className="size-4 shrink-0" />
            Waiting for the sending limit until {formatDateTime(batch.waitingUntil)}.
          </p>
        )}
        {retry.error && <ErrorBanner>{errorMessage(retry.error)}</ErrorBanner>}
      </section>
      <ConfirmDialog
        open={stopping}
        onOpenChange={(open) => {
          if (!open) stop.reset();
          setStopping(open);
        }}
        title="Stop sending?"
        keepLabel="Keep sending"
        description="Rows not sent yet are stopped. Contracts already sent stay out with their signers."
        confirmLabel="Stop sending"
        pending={stop.isPending}
        error={stop.error}
        onConfirm={() => stop.mutate(undefined, { onSuccess: () => setStopping(false) })}
      />
    </Card>
  );
}
