import type { ContractTerms } from '../../../../shared/api/terms';
import { formatDay } from '../../../lib/dates';

/** '€12,000.00', or the number alone when no currency is given. */
export function formatValue(value: number, currency: string | null): string {
  if (!currency) return value.toLocaleString(undefined, { maximumFractionDigits: 2 });
  try {
    return value.toLocaleString(undefined, { style: 'currency', currency });
  } catch {
    return `${value.toLocaleString(undefined, { maximumFractionDigits: 2 })} ${currency}`;
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** How long it runs, in words: '24 months', 'Until Mar 1, 2028', 'Evergreen (no end date)'. */
export function durationWords(terms: ContractTerms): string | null {
  if (terms.duration === 'fixed' && terms.durationMonths) return plural(terms.durationMonths, 'month');
  if (terms.duration === 'until' && terms.endOn) return `Until ${formatDay(terms.endOn)}`;
  if (terms.duration === 'evergreen') return 'Evergreen (no end date)';
  return null;
}

export function renewalWords(terms: ContractTerms): string {
  return terms.renewal === 'automatic' && terms.renewalMonths
    ? `Renews automatically for ${plural(terms.renewalMonths, 'month')}`
    : 'Does not renew';
}
