import { format } from 'date-fns';

/** Dates as the product shows them everywhere: 'Nov 22, 2026'. */
export function formatDate(iso: string): string {
  return format(new Date(iso), 'MMM d, yyyy');
}
