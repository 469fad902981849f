import { renderToBuffer } from '@react-pdf/renderer';
import type { EditorDocument } from '../../shared/api/editor-document';
import { ContractDocument } from './contract-document';
import { FieldMarks, type TextFieldBox } from './text-field-marks';

export type ContractPdfInput = {
  title: string;
  content: EditorDocument;
  organizationName: string;
  reference: string;
  sentAt: Date;
};

/**
 * The contract as sent for signing: the PDF, and where each signing field written in its text
 * landed (in document order), so the field is signed and drawn in place. Every date in it comes
 * from `sentAt` and nothing else varies, so the same input gives the same bytes and the same hash.
 */
export async function renderContractPdf(
  input: ContractPdfInput,
): Promise<{ bytes: Uint8Array; fields: TextFieldBox[] }> {
  const fieldMarks = new FieldMarks();
  const bytes = await renderToBuffer(<ContractDocument {...input} fieldMarks={fieldMarks} />);
  const fields = fieldMarks.boxes.map((box, index) => {
    if (!box) throw new Error(`Signing field ${index + 1} was laid out but never drawn`);
    return box;
  });
  return { bytes, fields };
}
