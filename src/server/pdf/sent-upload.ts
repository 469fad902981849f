import { withoutActiveContent } from './active-content';
import { withoutFormWidgets } from './assemble-pdf';
import { type TagOnPage, withoutTagText } from './tag-text';

/**
 * An uploaded PDF as it is joined into the document sent for signing: without its own form (its
 * fields are the contract's), without the glyphs of the text tags its fields were placed at, and
 * without scripts, attached files and actions that reach outside it (active-content.ts), which
 * the sender was told of at upload.
 */
export async function uploadAsSent(file: {
  bytes: Uint8Array;
  tags?: readonly TagOnPage[];
}): Promise<Uint8Array> {
  const shown = await withoutTagText(await withoutFormWidgets(file.bytes), file.tags ?? []);
  return (await withoutActiveContent(shown)).bytes;
}
