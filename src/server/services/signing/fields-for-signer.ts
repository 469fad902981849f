import type { SigningField } from '../../../shared/api/signing';
import { fieldKinds } from '../../../shared/fields';
import type { Database } from '../../db/client';
import type { SignerRow } from '../../db/schema';
import { sentFieldRows } from '../contract-files/placed-field-rows';
import { numberOfSigner } from './signer-numbers';

/**
 * The fields of a sent contract (placed on its PDFs or written in its text) as one signer sees
 * them: on the pages of the document as sent; theirs with the sender's prefill, the others'
 * inert, showing what an earlier signer typed (never a picture: a signature or stamp shows as
 * filled).
 */
export async function fieldsForSigner(
  db: Database,
  contractId: string,
  /** In signing order, as findSignerWithContract reads them. */
  signers: readonly Pick<SignerRow, 'id' | 'position' | 'status'>[],
  signerId: string,
): Promise<SigningField[]> {
  const rows = await sentFieldRows(db, contractId);
  const number = numberOfSigner(signers, signerId);
  return rows.map(({ field, page }) => {
    const mine = field.signer === number;
    const filled = field.filledValue !== null;
    const shown =
      filled && !field.filledValue?.startsWith('data:') && fieldKinds[field.type].drawnAs === 'text'
        ? field.filledValue
        : null;
    return {
      id: field.id,
      page,
      x: field.x,
      y: field.y,
      width: field.width,
      height: field.height,
      type: field.type,
      label: field.label,
      required: field.required,
      options: field.options,
      mine,
      value: mine ? field.value : shown,
      filled: !mine && filled,
    };
  });
}
