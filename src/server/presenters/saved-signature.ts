import type { SavedSignature } from '../../shared/api/signatures';
import type { UserRow } from '../db/schema';

/** A person's saved signature: its kind and the PNG as a data URL (both null when none is saved). */
export function presentSavedSignature(row: {
  kind: UserRow['savedSignatureKind'];
  image: Uint8Array | null;
}): SavedSignature {
  return {
    kind: row.kind,
    image: row.image ? `data:image/png;base64,${Buffer.from(row.image).toString('base64')}` : null,
  };
}
