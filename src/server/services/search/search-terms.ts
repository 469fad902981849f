import { AppError } from '../../../shared/errors';
import { searchLimits } from '../../../shared/limits';

/** A word or a quoted phrase of a search, as typed; `prefix` on the last bare word (still being typed). */
export type SearchTerm = { text: string; phrase: boolean; prefix: boolean };

const wordy = /[\p{L}\p{N}]/u;

/**
 * Splits what was typed into words and "quoted phrases" (an unclosed quote runs to the end).
 * Nothing in it is an operator: every character is text, and a term with no letter or digit
 * (`&`, `!`, `(`, `:*`…) is dropped. A search with no word left, or more than
 * searchLimits.terms, is refused with a message saying so.
 */
export function searchTerms(input: string): SearchTerm[] {
  const terms: SearchTerm[] = [];
  const pattern = /"([^"]*)"?|[^\s"]+/g;
  for (const match of input.slice(0, searchLimits.characters).matchAll(pattern)) {
    const phrase = match[1] !== undefined;
    const text = (match[1] ?? match[0]).trim().replace(/\s+/g, ' ');
    if (wordy.test(text)) terms.push({ text, phrase, prefix: false });
  }
  if (terms.length === 0) throw new AppError('INVALID_INPUT', 'Search for at least one word or number', 'q');
  if (terms.length > searchLimits.terms) {
    throw new AppError('INVALID_INPUT', `A search has at most ${searchLimits.terms} words`, 'q');
  }
  const last = terms.at(-1);
  if (last && !last.phrase) last.prefix = true;
  return terms;
}

/**
 * The tsquery text of the terms: each one a quoted operand, its quote and backslash escaped, so
 * to_tsquery reads it only as text (which the search configuration then splits, lowercases and
 * unaccents; several words in one operand are a phrase, `<->`), every term required (`&`), the
 * prefix term with `:*`. It is passed as a bound parameter, never spliced into the statement.
 */
export function tsqueryText(terms: SearchTerm[]): string {
  return terms
    .map((term) => `'${term.text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'${term.prefix ? ':*' : ''}`)
    .join(' & ');
}
