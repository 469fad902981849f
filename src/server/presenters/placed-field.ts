import type { PlacedField } from '../../shared/api/contract-fields';
import type { PdfFieldRow } from '../db/schema';

export function presentPlacedField(row: PdfFieldRow): PlacedField {
  return {
    id: row.id,
    fileId: row.fileId,
    page: row.page,
    x: row.x,
    y: row.y,
    width: row.width,
    height: row.height,
    type: row.type,
    signer: row.signer,
    required: row.required,
    label: row.label,
    value: row.value,
    options: row.options,
  };
}
