import type { BulkRowStatus, BulkSendStatus } from '../../../../shared/api/bulk-sends';

const labels: Record<BulkSendStatus | BulkRowStatus, string> = {
  checking: 'Checking',
  sending: 'Sending',
  done: 'Done',
  stopped: 'Stopped',
  ready: 'Ready',
  queued: 'Queued',
  sent: 'Sent',
  failed: 'Failed',
};

const tones: Partial<Record<BulkSendStatus | BulkRowStatus, string>> = {
  checking: 'bg-amber-50 text-amber-800 ring-amber-200',
  sending: 'bg-blue-50 text-blue-700 ring-blue-200',
  queued: 'bg-blue-50 text-blue-700 ring-blue-200',
  done: 'bg-green-50 text-green-700 ring-green-200',
  sent: 'bg-green-50 text-green-700 ring-green-200',
  failed: 'bg-red-50 text-red-700 ring-red-200',
};

/** A batch's or a row's state, in words (the colour only repeats them). */
export function BulkStatusBadge({ status }: { status: BulkSendStatus | BulkRowStatus }) {
  return (
    <span
      className={`inline-flex items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${tones[status] ?? 'bg-slate-100 text-slate-700 ring-slate-200'}`}
    >
      {labels[status]}
    </span>
  );
}
