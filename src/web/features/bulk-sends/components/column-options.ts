import type { BulkSend } from '../../../../shared/api/bulk-sends';
import { type BulkColumn, targetOf } from '../../../../shared/bulk/column-mapping';

export type ColumnOption = { value: string; label: string; column: BulkColumn };

/**
 * What a column of the file may give, as the sender reads it ("Client's name", "Start date",
 * "Delivery date (prefill)", "Ignore"); each option's value is the mapping's target (`targetOf`), '' for Ignore.
 */
export function columnOptions(template: BulkSend['template']): ColumnOption[] {
  const options: ColumnOption[] = [];
  for (const role of template.roles) {
    for (const column of [
      { kind: 'roleName', role: role.number },
      { kind: 'roleEmail', role: role.number },
    ] as const) {
      const what = column.kind === 'roleName' ? 'name' : 'e-mail address';
      options.push({ value: targetOf(column), label: `${role.name}'s ${what}`, column });
    }
  }
  for (const field of template.fields) {
    const column = { kind: 'field', key: field.key } as const;
    options.push({ value: targetOf(column), label: field.label, column });
  }
  for (const field of template.prefills) {
    const column = { kind: 'prefill', field: field.id } as const;
    options.push({ value: targetOf(column), label: `${field.label} (prefill)`, column });
  }
  options.push({ value: '', label: 'Ignore', column: { kind: 'ignore' } });
  return options;
}
