import type { BulkColumn } from './column-mapping';

/** What one row gives its contract: a person for each role, by number, and the merge values by key. */
export type BulkRowInput = {
  people: { number: number; name: string; email: string }[];
  values: Record<string, string>;
  /** Prefills of the template's placed fields, by the field's id in the template (empty cells left out). */
  prefill: Record<string, string>;
};

/** A row's cells read through the mapping (cells as written; the template checks them when it is used). */
export function rowInput(mapping: readonly BulkColumn[], cells: readonly string[]): BulkRowInput {
  const people = new Map<number, { number: number; name: string; email: string }>();
  // No prototype: a merge field's key may be any identifier, '__proto__' too.
  const values: Record<string, string> = Object.create(null);
  const prefill: Record<string, string> = Object.create(null);
  const personOf = (number: number) => {
    const found = people.get(number) ?? { number, name: '', email: '' };
    people.set(number, found);
    return found;
  };
  mapping.forEach((column, index) => {
    const cell = cells[index] ?? '';
    if (column.kind === 'roleName') personOf(column.role).name = cell;
    else if (column.kind === 'roleEmail') personOf(column.role).email = cell;
    else if (column.kind === 'field') values[column.key] = cell;
    else if (column.kind === 'prefill' && cell !== '') prefill[column.field] = cell;
  });
  return { people: [...people.values()].sort((a, b) => a.number - b.number), values, prefill };
}
