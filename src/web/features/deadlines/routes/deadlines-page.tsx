import { useQuery } from '@tanstack/react-query';
import { CalendarDays, ChevronLeft, ChevronRight, List } from 'lucide-react';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { Deadline } from '../../../../shared/api/deadlines';
import { addDays, addMonths } from '../../../../shared/terms';
import { ErrorBanner } from '../../../components/ui/banner';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { todayDay } from '../../../lib/dates';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { deadlineListQuery } from '../api/deadlines';
import { DeadlineItem } from '../components/deadline-item';
import { formatMonth, MonthCalendar, monthGrid } from '../components/month-calendar';

const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;

/** The list looks back a month (what just passed) and a year ahead. */
const listRange = (today: string) => ({ from: addDays(today, -30), to: addDays(today, 365) });

function Toggle<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: { value: T; label: string; icon?: ReactNode }[];
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="inline-flex rounded-md bg-white shadow-sm ring-1 ring-inset ring-slate-300">
      <legend className="sr-only">{label}</legend>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={value === option.value}
          onClick={() => onChange(option.value)}
          className={`inline-flex h-10 items-center gap-1.5 px-3 text-sm font-medium first:rounded-l-md last:rounded-r-md focus-visible:outline-2 focus-visible:outline-indigo-600 ${value === option.value ? 'bg-indigo-50 text-indigo-700' : 'text-slate-700 hover:bg-slate-50'}`}
        >
          {option.icon}
          {option.label}
        </button>
      ))}
    </fieldset>
  );
}

/** Deadlines grouped by the month they fall in, nearest first. */
function GroupedList({ deadlines }: { deadlines: Deadline[] }) {
  const months = new Map<string, Deadline[]>();
  for (const deadline of deadlines) {
    const month = deadline.dueOn.slice(0, 7);
    months.set(month, [...(months.get(month) ?? []), deadline]);
  }
  return (
    <div className="space-y-6">
      {[...months].map(([month, items]) => (
        <section key={month} aria-labelledby={`month-${month}`}>
          <h2 id={`month-${month}`} className="mb-2 text-sm font-semibold text-slate-900">
            {formatMonth(month)}
          </h2>
          <Card>
            <ul aria-label={`Deadlines in ${formatMonth(month)}`} className="divide-y divide-slate-100">
              {items.map((deadline) => (
                <DeadlineItem
                  key={`${deadline.contractId}:${deadline.kind}:${deadline.key}`}
                  deadline={deadline}
                />
              ))}
            </ul>
          </Card>
        </section>
      ))}
    </div>
  );
}

function Empty({ mine }: { mine: boolean }) {
  return (
    <Card className="px-6 py-14 text-center">
      <CalendarDays aria-hidden="true" className="mx-auto size-10 text-slate-300" />
      <p className="mt-3 text-sm font-medium text-slate-900">No deadlines here</p>
      <p className="mt-1 text-sm text-slate-600">
        {mine
          ? 'None of the contracts you own or watch has a deadline in this time.'
          : 'Give contracts an end date and a notice period in their key terms, and they show here.'}
      </p>
    </Card>
  );
}

/**
 * /deadlines: notice deadlines, end dates and the organization's date terms, as a list by month
 * or a month's calendar; everyone's or only mine (contracts I own or watch). View, filter and
 * month live in the address.
 */
export function DeadlinesPage() {
  useDocumentTitle('Deadlines');
  const [params, setParams] = useSearchParams();
  const today = todayDay();
  const view = params.get('view') === 'calendar' ? 'calendar' : 'list';
  const mine = params.get('show') === 'mine';
  const month = monthPattern.test(params.get('month') ?? '')
    ? (params.get('month') as string)
    : today.slice(0, 7);
  const change = (next: Record<string, string | null>) => {
    const updated = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === null) updated.delete(key);
      else updated.set(key, value);
    }
    setParams(updated, { replace: true });
  };
  const grid = monthGrid(month);
  const range = view === 'calendar' ? { from: grid.first, to: grid.last } : listRange(today);
  const list = useQuery(deadlineListQuery({ ...range, mine }));
  const items = list.data?.items ?? [];
  const inMonth = items.filter((deadline) => deadline.dueOn.slice(0, 7) === month);
  const shiftMonth = (by: number) => change({ month: addMonths(`${month}-01`, by).slice(0, 7) });

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Deadlines</h1>
          <p className="mt-1 text-sm text-slate-600">
            Notice deadlines, end dates and your organization's date terms, nearest first.
          </p>
        </div>
        <div className="flex flex-wrap gap-3">
          <Toggle
            label="Whose deadlines"
            value={mine ? 'mine' : 'all'}
            options={[
              { value: 'mine', label: 'Mine' },
              { value: 'all', label: 'All' },
            ]}
            onChange={(value) => change({ show: value === 'mine' ? 'mine' : null })}
          />
          <Toggle
            label="View"
            value={view}
            options={[
              { value: 'list', label: 'List', icon: <List aria-hidden="true" className="size-4" /> },
              {
                value: 'calendar',
                label: 'Calendar',
                icon: <CalendarDays aria-hidden="true" className="size-4" />,
              },
            ]}
            onChange={(value) => change({ view: value === 'calendar' ? 'calendar' : null })}
          />
        </div>
      </div>
      {mine && <p className="text-meta text-xs">Showing the contracts you own or watch.</p>}

      {list.isError && <ErrorBanner>The deadlines could not be loaded: {list.error.message}</ErrorBanner>}

      {view === 'calendar' && (
        <Card className="p-3 sm:p-4">
          <div className="mb-3 flex items-center justify-between gap-2">
            <Button variant="ghost" size="sm" aria-label="Previous month" onClick={() => shiftMonth(-1)}>
              <ChevronLeft aria-hidden="true" className="size-4" />
            </Button>
            <h2 className="text-base font-semibold text-slate-900" aria-live="polite">
              {formatMonth(month)}
            </h2>
            <div className="flex items-center gap-1">
              {month !== today.slice(0, 7) && (
                <Button variant="ghost" size="sm" onClick={() => change({ month: null })}>
                  Today
                </Button>
              )}
              <Button variant="ghost" size="sm" aria-label="Next month" onClick={() => shiftMonth(1)}>
                <ChevronRight aria-hidden="true" className="size-4" />
              </Button>
            </div>
          </div>
          <MonthCalendar month={month} today={today} deadlines={items} />
        </Card>
      )}

      {list.isPending ? (
        <div
          role="status"
          aria-label="Loading deadlines"
          className="h-64 animate-pulse rounded-lg bg-slate-100"
        />
      ) : view === 'calendar' ? (
        inMonth.length === 0 ? (
          <Empty mine={mine} />
        ) : (
          <GroupedList deadlines={inMonth} />
        )
      ) : items.length === 0 ? (
        <Empty mine={mine} />
      ) : (
        <GroupedList deadlines={items} />
      )}
      {list.data?.more && (
        <p className="text-meta text-sm">
          More deadlines fall in this time than are shown: choose Mine, or look at one month in the calendar.
        </p>
      )}
    </div>
  );
}
