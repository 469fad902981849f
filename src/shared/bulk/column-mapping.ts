import type { FieldOptionsShape, FieldType } from '../fields';

/**
 * How the columns of a bulk send's spreadsheet map onto its template: each column gives a role's
 * name or e-mail address, a merge field's value, a prefill for a field placed on the template's
 * PDFs, or nothing. The mapping is suggested from the
 * headers by name (`suggestMapping`), shown to the sender, who changes what it got wrong, and
 * then every row is checked against it (`row-problems.ts`).
 */

/** A role of the template whose person each row gives (its number in the template, from 1). */
export type BulkRole = { number: number; name: string };
/** A merge field of the template's text, by key, with the label the sender knows it by. */
export type BulkField = { key: string; label: string };
/** A field placed on the template's PDFs that the sender may prefill, by its id in the template. */
export type BulkPrefill = { id: string; label: string; type: FieldType; options: FieldOptionsShape };

export type BulkColumn =
  | { kind: 'roleName'; role: number }
  | { kind: 'roleEmail'; role: number }
  | { kind: 'field'; key: string }
  | { kind: 'prefill'; field: string }
  | { kind: 'ignore' };

/** A header as compared: accents, case, spaces and punctuation set aside ("E-mail" is "email"). */
export function headerWords(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

const emailWords = ['email', 'emailaddress', 'mail', 'address'];
const nameWords = ['name', 'fullname'];

/**
 * The mapping the headers suggest: "Client name" and "Client e-mail" for the role Client (or
 * "Name" and "Email" when the template has one role to fill), a merge field by its label or its
 * key ("Start date", "startDate"), a placed field by its label. A header that matches nothing, or a target an earlier column
 * took, is ignored.
 */
export function suggestMapping(
  headers: string[],
  roles: BulkRole[],
  fields: BulkField[],
  prefills: readonly BulkPrefill[] = [],
): BulkColumn[] {
  const candidates = new Map<string, BulkColumn>();
  const offer = (words: string, column: BulkColumn) => {
    if (words && !candidates.has(words)) candidates.set(words, column);
  };
  for (const field of fields) {
    offer(headerWords(field.label), { kind: 'field', key: field.key });
    offer(headerWords(field.key), { kind: 'field', key: field.key });
  }
  for (const field of prefills) offer(headerWords(field.label), { kind: 'prefill', field: field.id });
  for (const role of roles) {
    const roleWords = headerWords(role.name);
    offer(roleWords, { kind: 'roleName', role: role.number });
    for (const word of nameWords) offer(`${roleWords}${word}`, { kind: 'roleName', role: role.number });
    for (const word of emailWords) offer(`${roleWords}${word}`, { kind: 'roleEmail', role: role.number });
  }
  const [only] = roles;
  if (only && roles.length === 1) {
    for (const word of nameWords) offer(word, { kind: 'roleName', role: only.number });
    for (const word of emailWords) offer(word, { kind: 'roleEmail', role: only.number });
  }
  const taken = new Set<string>();
  return headers.map((header) => {
    const column = candidates.get(headerWords(header));
    const target = column ? targetOf(column) : '';
    if (!column || taken.has(target)) return { kind: 'ignore' };
    taken.add(target);
    return column;
  });
}

/** What a column fills, as one string: two columns may not fill the same thing. */
export function targetOf(column: BulkColumn): string {
  switch (column.kind) {
    case 'roleName':
    case 'roleEmail':
      return `${column.kind}:${column.role}`;
    case 'field':
      return `field:${column.key}`;
    case 'prefill':
      return `prefill:${column.field}`;
    case 'ignore':
      return '';
  }
}
