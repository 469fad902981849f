import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contractFields, contractFiles, type SignerRow } from '../../db/schema';
import type { DrawnField, DrawnValue } from '../../pdf/field-overlay';

const dataUrl = /^data:image\/(png|jpeg);base64,(.+)$/;

/**
 * The filled fields of a contract's PDFs as the seal draws them: on the page of the document as
 * sent (the file's first page there, set at send, plus the field's page), a signature field with
 * its signer's signature, initials and images as the pictures given, a checkbox as a mark, the
 * rest as their text.
 */
export async function drawnFieldsOf(
  db: Database,
  contractId: string,
  signers: readonly Pick<SignerRow, 'id' | 'signingOrder' | 'createdAt' | 'signatureImage'>[],
): Promise<(DrawnField & { page: number })[]> {
  const rows = await db
    .select({ field: contractFields, firstPage: contractFiles.firstPage })
    .from(contractFields)
    .innerJoin(contractFiles, eq(contractFiles.id, contractFields.fileId))
    .where(and(eq(contractFields.contractId, contractId), isNotNull(contractFields.filledValue)))
    .orderBy(asc(contractFiles.position), asc(contractFields.page));
  const order = [...signers].sort(
    (a, b) => a.signingOrder - b.signingOrder || a.createdAt.getTime() - b.createdAt.getTime(),
  );
  const drawn: (DrawnField & { page: number })[] = [];
  for (const { field, firstPage } of rows) {
    if (firstPage === null || field.filledValue === null) continue;
    const value = drawnValue(field.type, field.filledValue, field.options.multiline === true, () => {
      const image = field.signer ? order[field.signer - 1]?.signatureImage : null;
      return image ?? null;
    });
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
  signatureImage: () => Uint8Array | null,
): DrawnValue | null {
  if (type === 'signature') {
    const image = signatureImage();
    return image ? { kind: 'image', image, format: 'png' } : null;
  }
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
 * same, with the time they signed.
 */
export async function filledValuesBySigner(
  db: Database,
  contractId: string,
  signers: readonly Pick<SignerRow, 'id' | 'signingOrder' | 'createdAt'>[],
): Promise<Map<string, { label: string; value: string }[]>> {
  const rows = await db
    .select({ field: contractFields, fileName: contractFiles.name })
    .from(contractFields)
    .innerJoin(contractFiles, eq(contractFiles.id, contractFields.fileId))
    .where(and(eq(contractFields.contractId, contractId), isNotNull(contractFields.filledValue)))
    .orderBy(
      asc(contractFiles.position),
      asc(contractFields.page),
      asc(contractFields.y),
      asc(contractFields.x),
    );
  const order = [...signers].sort(
    (a, b) => a.signingOrder - b.signingOrder || a.createdAt.getTime() - b.createdAt.getTime(),
  );
  const bySigner = new Map<string, { label: string; value: string }[]>();
  for (const { field, fileName } of rows) {
    const signer = field.signer ? order[field.signer - 1] : undefined;
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
