import { withoutFormWidgets } from './assemble-pdf';
import { type TagOnPage, withoutTagText } from './tag-text';

/**
 * An uploaded PDF as it is joined into the document sent for signing: without its own form (its
 * fields are the contract's) and without the glyphs of the text tags its fields were placed at.
 */
export async function uploadAsSent(file: {
  bytes: Uint8Array;
  tags?: readonly TagOnPage[];
}): Promise<Uint8Array> {
  return withoutTagText(await withoutFormWidgets(file.bytes), file.tags ?? []);
}
