import { type FieldType, fieldKinds, imageDataUrl } from '../../../shared/fields';
import type { Database } from '../../db/client';
import type { SignerRow } from '../../db/schema';
import type { DrawnField, DrawnValue } from '../../pdf/field-overlay';
import { type SentFieldRow, sentFieldRows } from '../contract-files/placed-field-rows';
import { signerNumbered } from '../signing/signer-numbers';

/** A filled field, the page of the document as sent it is on, and its PDF's name (null: the text). */
export type FilledField = SentFieldRow;

/** The filled fields of a contract, in reading order: what the seal draws and lists. */
export function filledFieldsOf(db: Database, contractId: string): Promise<FilledField[]> {
  return sentFieldRows(db, contractId, { filled: true });
}

/**
 * The filled fields as the seal draws them: on the page of the document as sent (the file's first
 * page there, set at send, plus the field's page), a signature field with its signer's signature,
 * an initials field with their initials (stored once on the signer; a data URL in the field itself
 * when signed before that), images as the pictures given, a checkbox as a mark, the rest as their
 * text. `signers` are in signing order.
 */
export function drawnFields(
  filled: readonly FilledField[],
  signers: readonly Pick<SignerRow, 'id' | 'position' | 'status' | 'signatureImage' | 'initialsImage'>[],
): (DrawnField & { page: number })[] {
  const drawn: (DrawnField & { page: number })[] = [];
  for (const { field, page } of filled) {
    if (field.filledValue === null) continue;
    const signer = signerNumbered(signers, field.signer);
    const value = drawnValue(field.type, field.filledValue, field.options.multiline === true, {
      signature: signer?.signatureImage ?? null,
      initials: signer?.initialsImage ?? null,
    });
    if (!value) continue;
    const button = chosenButton(field);
    if (button) {
      drawn.push({ page, ...button, value: { kind: 'dot' } });
      continue;
    }
    drawn.push({
      page,
      x: field.x,
      y: field.y,
      width: field.width,
      height: field.height,
      value,
    });
  }
  return drawn;
}

/**
 * The box of the button a radio group's value chose, on the page (a PDF's own radio buttons,
 * each a choice at its own place): null for a group drawn in its own box.
 */
function chosenButton(
  field: FilledField['field'],
): { x: number; y: number; width: number; height: number } | null {
  if (field.type !== 'radio' || !field.options.choiceBoxes) return null;
  const box = field.options.choiceBoxes[(field.options.choices ?? []).indexOf(field.filledValue ?? '')];
  if (!box) return null;
  return {
    x: field.x + box.x * field.width,
    y: field.y + box.y * field.height,
    width: box.width * field.width,
    height: box.height * field.height,
  };
}

/** What the seal draws for a value, by the catalogue's `drawnAs` of its type. */
function drawnValue(
  type: FieldType,
  filled: string,
  multiline: boolean,
  images: { signature: Uint8Array | null; initials: Uint8Array | null },
): DrawnValue | null {
  const { drawnAs } = fieldKinds[type];
  if (drawnAs === 'check') return filled === 'true' ? { kind: 'check' } : null;
  if (type === 'signature')
    return images.signature ? { kind: 'image', image: images.signature, format: 'png' } : null;
  if (type === 'initials' && filled === 'initials')
    return images.initials ? { kind: 'image', image: images.initials, format: 'png' } : null;
  const picture = imageDataUrl.exec(filled);
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
  signers: readonly Pick<SignerRow, 'id' | 'position' | 'status'>[],
): Map<string, { label: string; value: string }[]> {
  const bySigner = new Map<string, { label: string; value: string }[]>();
  for (const { field, page, fileName } of filled) {
    const signer = signerNumbered(signers, field.signer);
    if (!signer || field.filledValue === null) continue;
    const picture =
      field.type === 'signature' || field.type === 'initials' || field.filledValue.startsWith('data:');
    const value = picture
      ? '(drawn on the page)'
      : field.type === 'checkbox'
        ? field.filledValue === 'true'
          ? 'checked'
          : 'not checked'
        : field.filledValue;
    const label = fileName
      ? `${field.label || field.type} (page ${field.page + 1} of ${fileName})`
      : `${field.label || field.type} (page ${page + 1})`;
    bySigner.set(signer.id, [...(bySigner.get(signer.id) ?? []), { label, value }]);
  }
  return bySigner;
}

/**
 * Whether each of the contract's signers (by signing order, 1 to `signerCount`) signed in a
 * signature field of the document itself: then no signature page is appended.
 */
export function everySignerSignedInPlace(
  filled: readonly FilledField[],
  signing: readonly Pick<SignerRow, 'position'>[],
): boolean {
  const signedInPlace = new Set(
    filled.filter(({ field }) => field.type === 'signature').map(({ field }) => field.signer),
  );
  return signing.length > 0 && signing.every((signer) => signedInPlace.has(signer.position));
}
