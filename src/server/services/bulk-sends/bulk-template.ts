import { unfilledMergeFields } from '../../../editor/merge-field-values';
import type { BulkTemplate } from '../../../shared/bulk/row-problems';
import { fieldKinds, fieldTypeNames } from '../../../shared/fields';
import { isRolePlaceholder } from '../../../shared/recipients';
import type { Actor } from '../../actor';
import type { Database } from '../../db/client';
import type { ContractRow } from '../../db/schema';
import { findOwnContract } from '../../policies/scope';
import { placedFieldRows } from '../contract-files/placed-field-rows';
import { copyRecipients } from '../contracts/copy-recipients';

/**
 * What each row of a bulk send of this template gives: a person for each role the template leaves
 * to each contract (those with a placeholder address; a role with a real address, or one named by
 * another, needs none), a value for each merge field left empty, and perhaps a prefill for a
 * field placed on its PDFs. Read from the template as it
 * is now, so a batch is checked and sent against the template it sends.
 */
export async function bulkTemplateOf(
  db: Database,
  actor: Actor,
  templateId: string,
): Promise<Required<BulkTemplate> & { template: ContractRow }> {
  const template = await findOwnContract(db, actor, templateId, { kind: 'template' });
  const { list } = await copyRecipients(db, template.id);
  const roles = list.flatMap((entry, index) =>
    isRolePlaceholder(entry.email) && entry.namedBy === null ? [{ number: index + 1, name: entry.name }] : [],
  );
  // The fields on its PDFs the sender may prefill, each named as the field editor names it.
  const prefills = (await placedFieldRows(db, template.id))
    .filter((field) => fieldKinds[field.type].prefill)
    .map((field, index) => ({
      id: field.id,
      label:
        field.label.trim() || `${fieldTypeNames[field.type]} field ${index + 1} (page ${field.page + 1})`,
      type: field.type,
      options: field.options,
    }));
  return { template, roles, fields: unfilledMergeFields(template.content), prefills };
}
