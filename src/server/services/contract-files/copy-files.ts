import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contractFields, contractFiles, contracts } from '../../db/schema';
import { contractFileRows } from './contract-file-rows';
import { placedFieldRows } from './placed-field-rows';

/**
 * Gives a new draft or template the PDFs and their fields of the one it is made from (a template,
 * a duplicate, a contract saved as a template), in the same order and with its text at the same
 * place; a template's fields are for its roles by order, so they fit the signers that fill them.
 * The bytes are stored once by their hash: only the rows are copied. A copy whose recipients are
 * numbered again (copy-recipients.ts) gives `numberOf`, and each field follows its recipient. A
 * bulk send's row gives `prefill`: values for some of the fields, by their id in the origin, checked
 * by the caller against each field's kind (shared/bulk/row-problems.ts).
 */
export type FieldCopy = {
  numberOf?: ReadonlyMap<number, number> | undefined;
  prefill?: ReadonlyMap<string, string> | undefined;
};

export async function copyFiles(
  tx: Database,
  from: { id: string; textPosition: number },
  to: { id: string; createdBy: string | null; at: Date },
  { numberOf, prefill }: FieldCopy = {},
): Promise<void> {
  const files = await contractFileRows(tx, from.id);
  if (files.length === 0) return;
  const copyOf = new Map(files.map((file) => [file.id, randomUUID()]));
  await tx.insert(contractFiles).values(
    files.map(({ id, contractId: _contractId, createdBy: _createdBy, createdAt: _createdAt, ...file }) => ({
      ...file,
      firstPage: null,
      id: copyOf.get(id) as string,
      contractId: to.id,
      createdBy: to.createdBy,
      createdAt: to.at,
    })),
  );
  const fields = await placedFieldRows(tx, from.id);
  if (fields.length > 0) {
    await tx.insert(contractFields).values(
      fields.map(({ id, contractId: _contractId, fileId, createdAt: _createdAt, ...field }) => ({
        ...field,
        value: prefill?.get(id) ?? field.value,
        signer: field.signer === null ? null : (numberOf?.get(field.signer) ?? field.signer),
        // A copy is a new draft: what a signer filled in stays with the contract they signed.
        filledValue: null,
        filledAt: null,
        contractId: to.id,
        fileId: copyOf.get(fileId) as string,
        createdAt: to.at,
      })),
    );
  }
  await tx.update(contracts).set({ textPosition: from.textPosition }).where(eq(contracts.id, to.id));
}
