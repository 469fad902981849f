import { useQuery } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/api-errors';
import { formatDay } from '../../../lib/dates';
import { daysLeftWords } from '../../../lib/days-left';
import { deadlineSummaryQuery } from '../api/deadlines';
import { RenewsBadge } from '../components/deadline-item';

/** The dashboard's "Coming up": how many deadlines fall within 30, 60 and 90 days, and the nearest. */
export function ComingUpCard() {
  const summary = useQuery(deadlineSummaryQuery);
  const data = summary.data;
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby="coming-up">
        <div className="flex items-center justify-between">
          <h2 id="coming-up" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <CalendarClock aria-hidden="true" className="size-5 text-slate-400" />
            Coming up
          </h2>
          <Link to="/deadlines" className="text-sm font-medium text-indigo-600 hover:text-indigo-500">
            All deadlines
          </Link>
        </div>
        {summary.isError && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {errorMessage(summary.error)}
          </p>
        )}
        <dl className="mt-4 grid grid-cols-3 gap-3">
          {(
            [
              ['Within 30 days', data?.within30],
              ['Within 60 days', data?.within60],
              ['Within 90 days', data?.within90],
            ] as const
          ).map(([label, count]) => (
            <div key={label} className="rounded-md bg-slate-50 px-3 py-2 ring-1 ring-inset ring-slate-200">
              <dt className="text-meta text-xs">{label}</dt>
              <dd className="text-2xl font-semibold text-slate-900">{count ?? '–'}</dd>
            </div>
          ))}
        </dl>
        {data && data.next.length === 0 && (
          <p className="mt-4 text-sm text-slate-600">
            No deadline in the next 90 days. Key terms with an end date and a notice period put them here.
          </p>
        )}
        {data && data.next.length > 0 && (
          <ul aria-label="Nearest deadlines" className="mt-4 divide-y divide-slate-100">
            {data.next.map((deadline) => (
              <li
                key={`${deadline.contractId}:${deadline.kind}:${deadline.key}`}
                className="flex items-start gap-3 py-2"
              >
                <div className="min-w-0 flex-1">
                  <Link
                    to={`/contracts/${deadline.contractId}`}
                    className="block truncate text-sm font-medium text-slate-900 hover:text-indigo-600"
                  >
                    {deadline.contractTitle}
                  </Link>
                  <p className="text-meta truncate text-xs">
                    {deadline.label} · {formatDay(deadline.dueOn)}
                    {deadline.counterparty ? ` · ${deadline.counterparty}` : ''}
                  </p>
                  {deadline.renews && (
                    <div className="mt-1">
                      <RenewsBadge />
                    </div>
                  )}
                </div>
                <span className="shrink-0 text-sm font-medium text-slate-700">
                  {daysLeftWords(deadline.daysLeft)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Card>
  );
}
