import { type KeyboardEvent, useRef } from 'react';
import { Link } from 'react-router';
import type { Deadline } from '../../../../shared/api/deadlines';
import { addDays } from '../../../../shared/terms';
import { formatDay } from '../../../lib/dates';

const weekdays = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** The days a month's grid shows: from the Monday on or before the 1st to the Sunday on or after its last day. */
export function monthGrid(month: string): { first: string; last: string; weeks: string[][] } {
  const start = `${month}-01`;
  const weekday = (new Date(`${start}T00:00:00Z`).getUTCDay() + 6) % 7;
  const first = addDays(start, -weekday);
  const weeks: string[][] = [];
  let day = first;
  // Four to six weeks: until the week that holds the month's last day is done.
  while (weeks.length === 0 || day.slice(0, 7) === month) {
    const week: string[] = [];
    for (let i = 0; i < 7; i += 1) {
      week.push(day);
      day = addDays(day, 1);
    }
    weeks.push(week);
  }
  return { first, last: addDays(day, -1), weeks };
}

const toneOf = (deadline: Deadline) =>
  deadline.kind === 'notice'
    ? 'bg-amber-50 text-amber-900 ring-amber-200'
    : deadline.kind === 'end'
      ? 'bg-red-50 text-red-800 ring-red-200'
      : 'bg-indigo-50 text-indigo-800 ring-indigo-200';

/**
 * A month as a grid of days, each with its deadlines (links to their contracts). Arrow keys move
 * between days (Home and End to the week's ends); the list below it says the same in order.
 */
export function MonthCalendar({
  month,
  today,
  deadlines,
}: {
  month: string;
  today: string;
  deadlines: Deadline[];
}) {
  const { weeks } = monthGrid(month);
  const byDay = new Map<string, Deadline[]>();
  for (const deadline of deadlines)
    byDay.set(deadline.dueOn, [...(byDay.get(deadline.dueOn) ?? []), deadline]);
  const grid = useRef<HTMLTableElement>(null);
  const focusable = weeks.flat().find((day) => day === today) ?? `${month}-01`;

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-day]');
    if (!cell || event.target !== cell) return;
    const day = cell.dataset.day as string;
    const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
    const step: Record<string, number> = {
      ArrowLeft: -1,
      ArrowRight: 1,
      ArrowUp: -7,
      ArrowDown: 7,
      Home: -weekday,
      End: 6 - weekday,
    };
    const by = step[event.key];
    if (by === undefined) return;
    const target = grid.current?.querySelector<HTMLElement>(`[data-day="${addDays(day, by)}"]`);
    if (!target) return;
    event.preventDefault();
    for (const other of grid.current?.querySelectorAll<HTMLElement>('[data-day]') ?? []) other.tabIndex = -1;
    target.tabIndex = 0;
    target.focus();
  };

  return (
    <table
      ref={grid}
      aria-label={`Deadlines in ${formatMonth(month)}`}
      className="w-full table-fixed border-collapse"
      onKeyDown={onKeyDown}
    >
      <thead>
        <tr>
          {weekdays.map((name) => (
            <th key={name} scope="col" className="pb-2 text-xs font-medium text-slate-600">
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((day) => {
              const items = byDay.get(day) ?? [];
              const inMonth = day.slice(0, 7) === month;
              const label = `${formatDay(day)}${items.length ? `, ${items.length} ${items.length === 1 ? 'deadline' : 'deadlines'}` : ', no deadlines'}`;
              return (
                <td
                  key={day}
                  data-day={day}
                  tabIndex={day === focusable ? 0 : -1}
                  aria-label={label}
                  aria-current={day === today ? 'date' : undefined}
                  className={`h-16 border border-slate-200 p-1 align-top focus:outline-2 focus:-outline-offset-2 focus:outline-indigo-600 sm:h-24 ${inMonth ? 'bg-white' : 'bg-slate-50'}`}
                >
                  <span
                    className={`inline-flex size-6 items-center justify-center rounded-full text-xs ${day === today ? 'bg-indigo-600 font-semibold text-white' : inMonth ? 'text-slate-700' : 'text-meta'}`}
                  >
                    {Number(day.slice(8))}
                  </span>
                  {items.length > 0 && (
                    <>
                      <span className="ml-1 inline-flex rounded-full bg-amber-100 px-1.5 text-xs font-medium text-amber-900 sm:hidden">
                        {items.length}
                      </span>
                      <ul className="mt-1 hidden space-y-0.5 sm:block">
                        {items.slice(0, 3).map((deadline) => (
                          <li key={`${deadline.contractId}:${deadline.kind}:${deadline.key}`}>
                            <Link
                              to={`/contracts/${deadline.contractId}`}
                              title={`${deadline.label}: ${deadline.contractTitle}`}
                              className={`block truncate rounded px-1 py-0.5 text-xs ring-1 ring-inset hover:underline ${toneOf(deadline)}`}
                            >
                              {deadline.contractTitle}
                            </Link>
                          </li>
                        ))}
                        {items.length > 3 && (
                          <li className="text-meta px-1 text-xs">+{items.length - 3} more</li>
                        )}
                      </ul>
                    </>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** '2027-03' → 'March 2027'. */
export function formatMonth(month: string): string {
  return new Date(`${month}-01T00:00:00Z`).toLocaleDateString(undefined, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}
