/**
 * A contract's key terms and the deadlines they make: the closed sets, the bounds and the date
 * arithmetic the server (which stores and sweeps them) and the web app (which shows and edits
 * them) share. Dates are calendar days ('YYYY-MM-DD'), read in UTC: a deadline is a day, not an
 * instant.
 */

/** How long the agreement runs: a fixed number of months from its effective date, until a given date, or with no end. */
export const termDurations = ['fixed', 'until', 'evergreen'] as const;
export type TermDuration = (typeof termDurations)[number];

/** What happens at the end date: nothing, or it renews by itself for a period. */
export const renewalKinds = ['none', 'automatic'] as const;
export type RenewalKind = (typeof renewalKinds)[number];

/** The kinds of the organization's own term fields. */
export const termFieldKinds = ['text', 'number', 'date', 'choice'] as const;
export type TermFieldKind = (typeof termFieldKinds)[number];

/** What a deadline is: the last day to give notice, the end date, or one of the organization's date terms. */
export const deadlineKinds = ['notice', 'end', 'term'] as const;
export type DeadlineKind = (typeof deadlineKinds)[number];

/** Every standard term, by its name in the API (the organization's own are under `custom`). */
export const standardTerms = [
  'counterpartyCompany',
  'counterpartyContact',
  'counterpartyEmail',
  'typeId',
  'value',
  'currency',
  'effectiveOn',
  'duration',
  'durationMonths',
  'endOn',
  'renewal',
  'renewalMonths',
  'noticeDays',
  'ownerId',
  'tags',
] as const;
export type StandardTerm = (typeof standardTerms)[number];

/** The standard terms a template may fill from one of its merge fields. */
export const sourcedTerms = [
  'counterpartyCompany',
  'counterpartyContact',
  'counterpartyEmail',
  'value',
  'currency',
  'effectiveOn',
  'endOn',
] as const;
export type SourcedTerm = (typeof sourcedTerms)[number];

export const termLimits = {
  text: 200,
  email: 254,
  tags: 20,
  tag: 40,
  /** An agreement of at most 100 years, a notice of at most 10. */
  months: 1200,
  noticeDays: 3650,
  /** 10^13 − 0.01 in any currency: numeric(15, 2). */
  value: 9_999_999_999_999.99,
  types: 100,
  fields: 50,
  choices: 50,
  /** Contracts one bulk edit changes. */
  bulk: 500,
  /** Lead times a person keeps for their reminders, each 0 to 365 days before. */
  leadTimes: 6,
  leadDays: 365,
} as const;

/** The lead times a person gets reminders at until they choose their own. */
export const defaultLeadDays = [90, 30, 7] as const;

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar day written 'YYYY-MM-DD' (2027-02-30 is not). */
export function isCalendarDay(text: string): boolean {
  const match = dayPattern.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

/** The UTC calendar day of an instant. */
export function dayOf(at: Date): string {
  return at.toISOString().slice(0, 10);
}

function parts(day: string): [number, number, number] {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return [y, m, d];
}

/** The day `days` later (earlier when negative). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = parts(day);
  return dayOf(new Date(Date.UTC(y, m - 1, d + days)));
}

/**
 * The day `months` later, held at the month's last day when it has fewer days (31 January plus
 * one month is 28 or 29 February), as agreements count months.
 */
export function addMonths(day: string, months: number): string {
  const [y, m, d] = parts(day);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return dayOf(target);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  const [y1, m1, d1] = parts(from);
  const [y2, m2, d2] = parts(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000);
}

/** The end date the duration gives: months from the effective date, the given date, or none. */
export function endDateOf(terms: {
  duration: TermDuration | null;
  effectiveOn: string | null;
  durationMonths: number | null;
  endOn: string | null;
}): string | null {
  if (terms.duration === 'fixed') {
    return terms.effectiveOn && terms.durationMonths
      ? addMonths(terms.effectiveOn, terms.durationMonths)
      : null;
  }
  if (terms.duration === 'until') return terms.endOn;
  return null;
}

/** The last day to give notice: the end date less the notice period, when both are known. */
export function noticeDayOf(endOn: string | null, noticeDays: number | null): string | null {
  return endOn && noticeDays ? addDays(endOn, -noticeDays) : null;
}

/**
 * The end date after automatic renewals up to `today`: the first end date (the given one, then
 * one period later, and so on) that is not before today, and how many periods that took.
 */
export function renewedEnd(
  endOn: string,
  renewalMonths: number,
  today: string,
): { endOn: string; periods: number } {
  let next = endOn;
  let periods = 0;
  // Bounded: a period is a month at least, and no agreement is renewed for more than 1,200 of them at once.
  while (next < today && periods < termLimits.months) {
    periods += 1;
    next = addMonths(endOn, renewalMonths * periods);
  }
  return { endOn: next, periods };
}

/** The lead times a person chose, largest first, distinct, within bounds. */
export function normalLeadDays(days: readonly number[]): number[] {
  return [...new Set(days.filter((d) => Number.isInteger(d) && d >= 0 && d <= termLimits.leadDays))]
    .sort((a, b) => b - a)
    .slice(0, termLimits.leadTimes);
}

/** 'notice' → what a person reads: "Notice deadline". */
export function deadlineWording(kind: DeadlineKind, label: string | null): string {
  if (kind === 'notice') return 'Notice deadline';
  if (kind === 'end') return 'End date';
  return label ?? 'Date';
}
