import { addDays } from '../terms';

export const reportLimits = {
  /** Five years of days (leap days included): the longest range a report reads at once. */
  maxDays: 5 * 366,
  /** How far ahead the renewals report looks, from today. */
  renewalWindowDays: 90,
  /** The most contracts the renewals report lists. */
  renewalItems: 500,
  /** Counterparties (or types) shown by name per currency; the rest are summed as others. */
  valueTop: 10,
} as const;

/** The range a report reads when none is asked: the last twelve months, this one included. */
export function defaultReportRange(today: string): { from: string; to: string } {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(y, m - 1 - 11, 1)).toISOString().slice(0, 10);
  return { from: first, to: today };
}

/** Every month ('YYYY-MM') from the month of `from` to the month of `to`, in order. */
export function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [y, m] = from.split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, '0')}`;
    if (month > last) return months;
    months.push(month);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
}

/** The renewals report's window: today and the next 90 days. */
export function renewalWindow(today: string): { from: string; to: string } {
  return { from: today, to: addDays(today, reportLimits.renewalWindowDays) };
}
