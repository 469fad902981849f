import { contractStatusLabel } from '../../../shared/statuses';

const tones: Record<string, string> = {
  draft: 'bg-slate-100 text-slate-700 ring-slate-200',
  sent: 'bg-blue-50 text-blue-700 ring-blue-200',
  signed: 'bg-green-50 text-green-700 ring-green-200',
  expired: 'bg-amber-50 text-amber-800 ring-amber-200',
  canceled: 'bg-red-50 text-red-700 ring-red-200',
};

export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${tones[status] ?? 'bg-slate-100 text-slate-600 ring-slate-200'}`}
    >
      {contractStatusLabel(status)}
    </span>
  );
}
