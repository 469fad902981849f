import { PDF } from '@libpdf/core';
import type { FieldType } from '../../shared/api/contract-fields';
import { displayedBox, type PageBox, visibleBox } from './page-geometry';
import type { FoundField } from './pdf-form-fields';

/**
 * The text tags understood (README, "Contracts from PDFs"): `{{kind:signer}}`, as systems that
 * generate PDFs write them, e.g. `{{signature:1}}` or `{{date:2}}`.
 */
export const textTagPattern =
  /\{\{\s*(signature|initials|name|email|company|title|date|text|checkbox)\s*:\s*(\d{1,2})\s*\}\}/i;

const typeOfKind: Record<string, FieldType> = {
  signature: 'signature',
  initials: 'initials',
  name: 'name',
  email: 'email',
  company: 'company',
  title: 'title',
  date: 'dateSigned',
  text: 'text',
  checkbox: 'checkbox',
};

/**
 * The least room a field of each type gets, in points. A signature needs more than the line its
 * tag is written on; a text field takes the tag's own width (authors pad a tag to the room they
 * want), so it never covers the words beside it.
 */
const leastSize: Partial<Record<FieldType, { width: number; height: number }>> = {
  signature: { width: 160, height: 40 },
  initials: { width: 60, height: 30 },
  checkbox: { width: 14, height: 14 },
};
const lineSize = { width: 0, height: 14 };

/** A field found at a text tag, for its signer (by signing order). */
export type TaggedField = FoundField & { signer: number; tagBox: PageBox };

/**
 * The fields a stored PDF's text tags ask for, in page order: each where its tag is written (at
 * least as large as its type needs), for the signer the tag names. Reading a page's text costs
 * about 16 ms, so this runs in the upload thread, in a job after the upload.
 */
export async function findTextTags(bytes: Uint8Array, limit: number): Promise<TaggedField[]> {
  const pdf = await PDF.load(bytes);
  const found: TaggedField[] = [];
  for (const page of pdf.getPages()) {
    if (found.length >= limit) break;
    const crop = visibleBox(page);
    for (const match of page.findText(new RegExp(textTagPattern.source, 'gi'))) {
      const [, kind = '', signer = '0'] = textTagPattern.exec(match.text) ?? [];
      const type = typeOfKind[kind.toLowerCase()];
      const number = Number(signer);
      if (!type || number < 1) continue;
      const least = leastSize[type] ?? lineSize;
      const { x, y, width, height } = match.bbox;
      // A signature or initials sits on the tag's line and grows up from it; text grows down from
      // the tag's top, as a field drawn there would.
      const grown = { width: Math.max(width, least.width), height: Math.max(height, least.height) };
      const upward = type === 'signature' || type === 'initials';
      const rect = upward
        ? ([x, y, x + grown.width, y + grown.height] as const)
        : ([x, y + height - grown.height, x + grown.width, y + height] as const);
      const box = displayedBox(rect, crop, page.rotation);
      const tagBox = displayedBox([x, y, x + width, y + height], crop, page.rotation);
      found.push({
        ...box,
        page: page.index,
        type,
        signer: number,
        label: '',
        required: true,
        value: null,
        options: {},
        tagBox,
      });
      if (found.length >= limit) break;
    }
  }
  return found;
}
