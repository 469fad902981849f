import type { ContractTerms, TermField, UpdateTermsInput } from '../../../../shared/api/terms';
import type { RenewalKind, SourcedTerm, TermDuration } from '../../../../shared/terms';

/** What the form holds: every input as typed (text), turned into the request on save. */
export type TermsDraft = {
  counterpartyCompany: string;
  counterpartyContact: string;
  counterpartyEmail: string;
  typeId: string;
  value: string;
  currency: string;
  effectiveOn: string;
  duration: TermDuration | '';
  durationMonths: string;
  endOn: string;
  renewal: RenewalKind;
  renewalMonths: string;
  noticeDays: string;
  ownerId: string;
  tags: string;
  custom: Record<string, string>;
  sources: Partial<Record<SourcedTerm, string>>;
};

const text = (value: string | null) => value ?? '';
const number = (value: number | null) => (value === null ? '' : String(value));

export function draftOf(terms: ContractTerms): TermsDraft {
  return {
    counterpartyCompany: text(terms.counterpartyCompany),
    counterpartyContact: text(terms.counterpartyContact),
    counterpartyEmail: text(terms.counterpartyEmail),
    typeId: text(terms.typeId),
    value: number(terms.value),
    currency: text(terms.currency),
    effectiveOn: text(terms.effectiveOn),
    duration: terms.duration ?? '',
    durationMonths: number(terms.durationMonths),
    // A fixed duration's end date is worked out by the server; only 'until' takes one.
    endOn: terms.duration === 'until' ? text(terms.endOn) : '',
    renewal: terms.renewal,
    renewalMonths: number(terms.renewalMonths),
    noticeDays: number(terms.noticeDays),
    ownerId: text(terms.ownerId),
    tags: terms.tags.join(', '),
    custom: Object.fromEntries(Object.entries(terms.custom).map(([key, value]) => [key, String(value)])),
    sources: { ...terms.sources },
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
/** A number input's value (the browser reads what is not a number as empty). */
const numberOrNull = (value: string): number | null => {
  const parsed = Number(value);
  return value.trim() === '' || !Number.isFinite(parsed) ? null : parsed;
};

/** The request: every standard term (null clears it), each of the organization's terms, the sources. */
export function bodyOf(draft: TermsDraft, fields: TermField[], withSources: boolean): UpdateTermsInput {
  const custom: Record<string, string | number | null> = {};
  for (const field of fields) {
    const typed = draft.custom[field.key] ?? '';
    custom[field.key] = field.kind === 'number' ? numberOrNull(typed) : orNull(typed);
  }
  const body: UpdateTermsInput = {
    counterpartyCompany: orNull(draft.counterpartyCompany),
    counterpartyContact: orNull(draft.counterpartyContact),
    counterpartyEmail: orNull(draft.counterpartyEmail),
    typeId: orNull(draft.typeId),
    value: numberOrNull(draft.value),
    currency: orNull(draft.currency),
    effectiveOn: orNull(draft.effectiveOn),
    duration: draft.duration === '' ? null : draft.duration,
    durationMonths: draft.duration === 'fixed' ? numberOrNull(draft.durationMonths) : null,
    endOn: draft.duration === 'until' ? orNull(draft.endOn) : null,
    renewal: draft.renewal,
    renewalMonths: draft.renewal === 'automatic' ? numberOrNull(draft.renewalMonths) : null,
    noticeDays: numberOrNull(draft.noticeDays),
    ownerId: orNull(draft.ownerId),
    tags: [
      ...new Set(
        draft.tags
          .split(',')
          .map((tag) => tag.trim())
          .filter(Boolean),
      ),
    ],
    custom,
  };
  if (withSources) {
    body.sources = Object.fromEntries(
      Object.entries(draft.sources).map(([term, key]) => [term, key ? key : null]),
    );
  }
  return body;
}
