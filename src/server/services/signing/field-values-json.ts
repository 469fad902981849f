import type { Database } from '../../db/client';
import { sentFieldRows } from '../contract-files/placed-field-rows';

/** What the completion event carries of the fields filled (webhooks read it). */
export async function fieldValuesJson(tx: Database, contractId: string): Promise<string> {
  const fields = await sentFieldRows(tx, contractId, { filled: true });
  return JSON.stringify(
    fields.map(({ field, page, fileName }) => ({
      label: field.label,
      type: field.type,
      signer: field.signer,
      // A PDF's fields by their page in it; the text's by their page in the document as sent.
      document: fileName,
      page: fileName === null ? page + 1 : field.page + 1,
      value:
        field.type === 'signature' || field.type === 'initials' || field.filledValue?.startsWith('data:')
          ? '(image)'
          : field.filledValue,
    })),
  );
}
