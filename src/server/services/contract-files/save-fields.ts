import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { PlacedField, SaveFieldsInput } from '../../../shared/api/contract-fields';
import type { ServiceContext } from '../../context';
import { contractFields } from '../../db/schema';
import { findOwnContract } from '../../policies/scope';
import { presentPlacedField } from '../../presenters/placed-field';
import { authorOf } from '../history/author-of';
import { reviseDraft } from '../lifecycle/revise-draft';
import { checkFields } from './check-fields';
import { contractFileRows } from './contract-file-rows';
import { placedFieldRows } from './placed-field-rows';

/**
 * Puts the fields of a draft's (or a template's) PDFs as the field editor has them: the whole set,
 * checked, replaces the one stored. A new revision: approvals given before are withdrawn.
 */
export async function saveFields(
  ctx: ServiceContext<'content'>,
  contractId: string,
  input: SaveFieldsInput,
): Promise<{ fields: PlacedField[]; revision: number }> {
  const { db, actor } = ctx;
  return db.transaction(async (tx) => {
    const row = await findOwnContract(tx, actor, contractId, {
      kind: 'either',
      forUpdate: true,
      content: false,
    });
    const files = await contractFileRows(tx, contractId);
    const fields = input.fields.map((field) => ({
      ...field,
      required: field.required ?? true,
      label: field.label ?? '',
      value: field.value ?? null,
      options: field.options ?? {},
    }));
    await checkFields(ctx.content, fields, files);
    // An id is kept only for a field this contract had: any other gets a new one.
    // What a kept field was placed over (a text tag) stays with it: the send takes the tag's glyphs
    // out of the document, wherever the field is now.
    const before = new Map((await placedFieldRows(tx, contractId)).map((field) => [field.id, field]));
    await reviseDraft(tx, {
      contract: row,
      baseRevision: input.baseRevision,
      version: { kind: 'edited', editSession: null },
      why: 'the fields on its PDFs changed',
      documentsChanged: true,
      author: authorOf(actor),
      at: new Date(),
      step: () => ({ step: 'contract.updated', facts: { changed: 'fields' } }),
    });
    await tx.delete(contractFields).where(eq(contractFields.contractId, contractId));
    const rows = fields.map((field) => ({
      ...field,
      id: field.id && before.has(field.id) ? field.id : randomUUID(),
      tagBox: (field.id && before.get(field.id)?.tagBox) || null,
      contractId,
    }));
    if (rows.length > 0) await tx.insert(contractFields).values(rows);
    // In the order sent, so an editor knows which id each of its new fields was given.
    const saved = new Map((await placedFieldRows(tx, contractId)).map((field) => [field.id, field]));
    return {
      fields: rows.flatMap(({ id }) => {
        const field = saved.get(id);
        return field ? [presentPlacedField(field)] : [];
      }),
      revision: row.revision + 1,
    };
  });
}
