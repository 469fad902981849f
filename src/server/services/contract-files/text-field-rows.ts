import type { SigningFieldAttrs } from '../../../editor/signing-field-values';
import type { contractFields } from '../../db/schema';
import type { TextFieldBox } from '../../pdf/render-contract-pdf';

/**
 * The rows of the signing fields written in a contract's text, as it is sent: each where the PDF
 * printed it (its page counted in the document as sent, which starts the text at `textStart`), with
 * what the text says of it. `attrs` and `boxes` are both in document order.
 */
export function textFieldRows(
  contractId: string,
  attrs: readonly SigningFieldAttrs[],
  boxes: readonly TextFieldBox[],
  textStart: number,
  at: Date,
): (typeof contractFields.$inferInsert)[] {
  if (attrs.length !== boxes.length) {
    throw new Error(`The text has ${attrs.length} signing fields, but ${boxes.length} were printed`);
  }
  return boxes.map((box, index) => {
    const field = attrs[index] as SigningFieldAttrs;
    return {
      contractId,
      fileId: null,
      page: textStart + box.page,
      x: box.x,
      y: box.y,
      width: box.width,
      height: box.height,
      type: field.type,
      signer: field.signer,
      required: field.required,
      label: field.label,
      options: { ...(field.choices ? { choices: field.choices } : {}), ...(field.options ?? {}) },
      createdAt: at,
    };
  });
}
