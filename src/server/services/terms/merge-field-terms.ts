import { eq } from 'drizzle-orm';
import { isFilledValue } from '../../../editor/merge-field-values';
import { emailSchema } from '../../../shared/api/common';
import type { EditorDocument, EditorNode } from '../../../shared/api/editor-document';
import type { UpdateTermsInput } from '../../../shared/api/terms';
import { isCalendarDay, type SourcedTerm, termLimits } from '../../../shared/terms';
import type { Database } from '../../db/client';
import { type ContractHead, contractTerms } from '../../db/schema';
import type { HistoryAuthor } from '../lifecycle/append-history';
import { writeTerms } from './write-terms';

/** Each merge field's first filled value in a document, by key. */
function mergeValuesOf(doc: EditorDocument): Map<string, string> {
  const values = new Map<string, string>();
  const stack: EditorNode[] = [doc];
  while (stack.length > 0) {
    const node = stack.pop() as EditorNode;
    if (node.type === 'mergeField') {
      const key = String(node.attrs?.key ?? '');
      if (!values.has(key) && isFilledValue(node.attrs?.value)) values.set(key, node.attrs.value.trim());
    }
    if (node.content)
      for (let i = node.content.length - 1; i >= 0; i -= 1) stack.push(node.content[i] as EditorNode);
  }
  return values;
}

const months = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A day as people write it in a contract: 2027-01-31, 31.01.2027, 31 January 2027, January 31,
 * 2027. Slashes are not read: 01/02/2027 is the 1st of February in most of the world and the
 * 2nd of January in the United States.
 */
export function dayFromText(text: string): string | null {
  const value = text.trim().toLowerCase().replace(/,/g, ' ').replace(/\s+/g, ' ');
  let y: number | undefined;
  let m: number | undefined;
  let d: number | undefined;
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  match = match ?? /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(value);
  if (match && y === undefined) [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (y === undefined) {
    const named = /^(\d{1,2})(?:st|nd|rd|th)? ([a-z]+) (\d{4})$/.exec(value) ?? null;
    const american = /^([a-z]+) (\d{1,2})(?:st|nd|rd|th)? (\d{4})$/.exec(value) ?? null;
    const [day, month, year] = named
      ? [named[1], named[2], named[3]]
      : american
        ? [american[2], american[1], american[3]]
        : [];
    const index = month
      ? months.findIndex((name) => name === month || (month.length >= 3 && name.startsWith(month)))
      : -1;
    if (index >= 0) [y, m, d] = [Number(year), index + 1, Number(day)];
  }
  if (y === undefined || m === undefined || d === undefined) return null;
  const day = `${y}-${pad(m)}-${pad(d)}`;
  return isCalendarDay(day) ? day : null;
}

const currencySymbols: [RegExp, string][] = [
  [/€/, 'EUR'],
  [/£/, 'GBP'],
  [/zł/i, 'PLN'],
  [/₽/, 'RUB'],
  [/¥|元/, 'CNY'],
  [/\$/, 'USD'],
];

/**
 * An amount as people write it: "12,000.50", "12 000,50 zł", "€12.000", "USD 1,200". The last
 * of a comma or a point is the decimal mark when two or fewer digits follow it; any other comma,
 * point, space or apostrophe groups thousands. The currency is read from a symbol or a code.
 */
export function amountFromText(text: string): { value: number; currency: string | null } | null {
  const code =
    /\b([A-Z]{3})\b/.exec(text)?.[1] ?? currencySymbols.find(([symbol]) => symbol.test(text))?.[1] ?? null;
  const digits = /\d[\d.,\s' ]*/.exec(text)?.[0]?.trim();
  if (!digits) return null;
  const compact = digits.replace(/[\s' ]/g, '');
  const mark = Math.max(compact.lastIndexOf(','), compact.lastIndexOf('.'));
  let whole = compact;
  let fraction = '';
  if (mark >= 0 && compact.length - mark - 1 <= 2) {
    whole = compact.slice(0, mark);
    fraction = compact.slice(mark + 1);
  }
  const number = Number(`${whole.replace(/[.,]/g, '')}.${fraction || '0'}`);
  if (!Number.isFinite(number) || number < 0 || number > termLimits.value) return null;
  return { value: Math.round(number * 100) / 100, currency: code };
}

/** What the merge field values give each term that follows one; a value that cannot be read gives nothing. */
export function termsFromMergeValues(
  sources: Partial<Record<SourcedTerm, string>>,
  values: ReadonlyMap<string, string>,
): UpdateTermsInput {
  const terms: UpdateTermsInput = {};
  for (const [term, key] of Object.entries(sources) as [SourcedTerm, string][]) {
    const value = values.get(key);
    if (value === undefined) continue;
    if (term === 'counterpartyCompany' || term === 'counterpartyContact') {
      terms[term] = value.slice(0, termLimits.text);
    } else if (term === 'counterpartyEmail') {
      const email = emailSchema.safeParse(value);
      if (email.success && email.data.length <= termLimits.email) terms.counterpartyEmail = email.data;
    } else if (term === 'value') {
      const amount = amountFromText(value);
      if (amount) {
        terms.value = amount.value;
        if (amount.currency && !sources.currency) terms.currency = amount.currency;
      }
    } else if (term === 'currency') {
      const code = amountFromText(`0 ${value}`)?.currency ?? null;
      if (code) terms.currency = code;
    } else {
      const day = dayFromText(value);
      if (day) {
        terms[term] = day;
        // A draft whose end date is a merge field runs until it.
        if (term === 'endOn') terms.duration = 'until';
      }
    }
  }
  return terms;
}

/**
 * A draft's terms that follow its merge fields take their values now: after the draft is made
 * from a template, and after each change to its text. Nothing happens without such terms.
 */
export async function followMergeFields(
  tx: Database,
  contract: Pick<ContractHead, 'id' | 'organizationId' | 'status' | 'isTemplate'>,
  document: EditorDocument | string,
  author: HistoryAuthor,
  at: Date,
): Promise<void> {
  if (contract.isTemplate) return;
  const [row] = await tx
    .select({ sources: contractTerms.sources })
    .from(contractTerms)
    .where(eq(contractTerms.contractId, contract.id));
  if (!row || Object.keys(row.sources).length === 0) return;
  const doc = typeof document === 'string' ? (JSON.parse(document) as EditorDocument) : document;
  const input = termsFromMergeValues(row.sources, mergeValuesOf(doc));
  if (Object.keys(input).length === 0) return;
  await writeTerms(tx, { contract, input, author, source: 'merge_fields', at });
}
