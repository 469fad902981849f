import { CalendarClock, CalendarX2, RefreshCw, Tag } from 'lucide-react';
import { Link } from 'react-router';
import type { Deadline } from '../../../../shared/api/deadlines';
import { formatDay } from '../../../lib/dates';
import { daysLeftWords } from '../../../lib/days-left';

const kindIcon = { notice: CalendarClock, end: CalendarX2, term: Tag } as const;

/** How near it is, as a colour that is never the only sign (the words say it too). */
function urgencyClass(daysLeft: number): string {
  if (daysLeft < 0) return 'bg-slate-100 text-slate-700 ring-slate-200';
  if (daysLeft <= 7) return 'bg-red-50 text-red-700 ring-red-200';
  if (daysLeft <= 30) return 'bg-amber-50 text-amber-800 ring-amber-200';
  return 'bg-slate-50 text-slate-700 ring-slate-200';
}

export function RenewsBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700 ring-1 ring-inset ring-indigo-200">
      <RefreshCw aria-hidden="true" className="size-3" /> Renews automatically
    </span>
  );
}

/** One deadline in a list: its day and how far off, what it is, the contract, who answers for it. */
export function DeadlineItem({ deadline, showDate = true }: { deadline: Deadline; showDate?: boolean }) {
  const Icon = kindIcon[deadline.kind];
  return (
    <li className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-4 sm:px-6">
      {showDate && (
        <div className="flex shrink-0 items-center gap-2 sm:w-44 sm:flex-col sm:items-start sm:gap-1">
          <span className="text-sm font-medium text-slate-900">{formatDay(deadline.dueOn)}</span>
          <span
            className={`inline-flex rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${urgencyClass(deadline.daysLeft)}`}
          >
            {daysLeftWords(deadline.daysLeft)}
          </span>
        </div>
      )}
      <div className="min-w-0 flex-1">
        <p className="flex items-center gap-1.5 text-xs font-medium text-slate-600">
          <Icon aria-hidden="true" className="size-3.5" />
          {deadline.label}
        </p>
        <Link
          to={`/contracts/${deadline.contractId}`}
          className="mt-0.5 block truncate text-sm font-medium text-slate-900 hover:text-indigo-600"
        >
          {deadline.contractTitle}
        </Link>
        <p className="text-meta mt-0.5 truncate text-xs">
          {deadline.counterparty ?? 'No counterparty'}
          {' · '}
          {deadline.ownerName ? `Owner: ${deadline.ownerName}` : 'No owner'}
        </p>
      </div>
      {deadline.renews && (
        <div className="shrink-0">
          <RenewsBadge />
        </div>
      )}
    </li>
  );
}
