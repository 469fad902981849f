import { format, parseISO } from 'date-fns';

/** Dates as the product shows them everywhere: 'Nov 22, 2026'. */
export function formatDate(iso: string): string {
  return format(new Date(iso), 'MMM d, yyyy');
}

/** A moment in the viewer's time zone: 'Nov 22, 2026, 4:05 PM'. */
export function formatDateTime(iso: string): string {
  return format(new Date(iso), 'MMM d, yyyy, h:mm a');
}

/** A calendar day ('YYYY-MM-DD', no time zone) as the product shows dates: 'Nov 22, 2026'. */
export function formatDay(day: string): string {
  return format(parseISO(day), 'MMM d, yyyy');
}

/** Today as a calendar day in the viewer's time zone. */
export function todayDay(): string {
  return format(new Date(), 'yyyy-MM-dd');
}
