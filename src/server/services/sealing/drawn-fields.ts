import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { type ContractFieldRow, contractFields, contractFiles, type SignerRow } from '../../db/schema';
import type { DrawnField, DrawnValue } from '../../pdf/field-overlay';
import { signerNumbered } from '../signing/signer-numbers';

const dataUrl = /^data:image\/(png|jpeg);base64,(.+)$/;

/** A filled field with where its PDF starts in the document as sent, and the PDF's name. */
export type FilledField = { field: ContractFieldRow; firstPage: number | null; fileName: string };

/** The filled fields of a contract's PDFs, in reading order: what the seal draws and lists. */
export function filledFieldsOf(db: Database, contractId: string): Promise<FilledField[]> {
  return db
    .select({ field: contractFields, firstPage: contractFiles.firstPage, fileName: contractFiles.name })
    .from(contractFields)
    .innerJoin(contractFiles, eq(contractFiles.id, contractFields.fileId))
    .where(and(eq(contractFields.contractId, contractId), isNotNull(contractFields.filledValue)))
    .orderBy(
      asc(contractFiles.position),
      asc(contractFields.page),
      asc(contractFields.y),
      asc(contractFields.x),
    );
}

/**
 * The filled fields as the seal draws them: on the page of the document as sent (the file's first
 * page there, set at send, plus the field's page), a signature field with its signer's signature,
 * initials and images as the pictures given, a checkbox as a mark, the rest as their text.
 * `signers` are in signing order.
 */
export function drawnFields(
  filled: readonly FilledField[],
  signers: readonly Pick<SignerRow, 'signatureImage'>[],
): (DrawnField & { page: number })[] {
  const drawn: (DrawnField & { page: number })[] = [];
  for (const { field, firstPage } of filled) {
    if (firstPage === null || field.filledValue === null) continue;
    const signature = signerNumbered(signers, field.signer)?.signatureImage ?? null;
    const value = drawnValue(field.type, field.filledValue, field.options.multiline === true, signature);
    if (!value) continue;
    drawn.push({
      page: firstPage + field.page,
      x: field.x,
      y: field.y,
      width: field.width,
      height: field.height,
      value,
      hides: field.tagBox,
    });
  }
  return drawn;
}

function drawnValue(
  type: string,
  filled: string,
  multiline: boolean,
  signatureImage: Uint8Array | null,
): DrawnValue | null {
  if (type === 'signature')
    return signatureImage ? { kind: 'image', image: signatureImage, format: 'png' } : null;
  if (type === 'checkbox') return filled === 'true' ? { kind: 'check' } : null;
  const picture = dataUrl.exec(filled);
  if (picture) {
    return {
      kind: 'image',
      image: Buffer.from(picture[2] ?? '', 'base64'),
      format: picture[1] === 'png' ? 'png' : 'jpg',
    };
  }
  return { kind: 'text', text: filled, multiline };
}

/**
 * What each signer filled, as the signature pages list it under their name: the field (its label,
 * or its kind), where it is, and the value (a picture as such). The certificate's history has the
 * same, with the time they signed. `signers` are in signing order.
 */
export function filledValuesBySigner(
  filled: readonly FilledField[],
  signers: readonly Pick<SignerRow, 'id'>[],
): Map<string, { label: string; value: string }[]> {
  const bySigner = new Map<string, { label: string; value: string }[]>();
  for (const { field, fileName } of filled) {
    const signer = signerNumbered(signers, field.signer);
    if (!signer || field.filledValue === null) continue;
    const picture = field.type === 'signature' || field.filledValue.startsWith('data:');
    const value = picture
      ? '(drawn on the page)'
      : field.type === 'checkbox'
        ? field.filledValue === 'true'
          ? 'checked'
          : 'not checked'
        : field.filledValue;
    const label = `${field.label || field.type} (page ${field.page + 1} of ${fileName})`;
    bySigner.set(signer.id, [...(bySigner.get(signer.id) ?? []), { label, value }]);
  }
  return bySigner;
}
