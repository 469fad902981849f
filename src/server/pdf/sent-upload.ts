import { withoutActiveContent } from './active-content';
import { formAsSent } from './form-as-sent';
import { type TagOnPage, withoutTagText } from './tag-text';

/**
 * An uploaded PDF as it is joined into the document sent for signing: its own form emptied of
 * what its fields showed (form-as-sent.ts: they are the contract's fields now), without the
 * glyphs of the text tags its fields were placed at, and without scripts, attached files and
 * actions that reach outside it (active-content.ts), which the sender was told of at upload.
 */
export async function uploadAsSent(file: {
  bytes: Uint8Array;
  tags?: readonly TagOnPage[];
}): Promise<Uint8Array> {
  const shown = await withoutTagText(await formAsSent(file.bytes), file.tags ?? []);
  return (await withoutActiveContent(shown)).bytes;
}
