import { degrees, type PDFDocument, PDFDocument as PdfDocument } from 'pdf-lib';
import { type DrawnField, renderFieldOverlay } from './field-overlay';
import { overlayPlacement } from './overlay-placement';

/** Filled fields by the page of the document they are on (counting from 0). */
export type FieldsByPage = Map<number, DrawnField[]>;

/** The pages with fields, in order, and each page's overlay rendered at its displayed size. */
export async function fieldOverlays(
  pages: { index: number; box: { x: number; y: number; width: number; height: number }; rotation: number }[],
  fields: FieldsByPage,
) {
  const placed = pages.map((page) => ({ ...page, at: overlayPlacement(page.box, page.rotation) }));
  const overlay = await renderFieldOverlay(
    placed.map(({ index, at }) => ({ width: at.width, height: at.height, fields: fields.get(index) ?? [] })),
  );
  return { placed, overlay };
}

/** The indexes of the pages with fields, within the document's page count, in order. */
export const pagesWithFields = (fields: FieldsByPage, pageCount: number) =>
  [...fields.keys()].filter((index) => index < pageCount).sort((a, b) => a - b);

/**
 * Draws filled fields onto the pages of a document open in pdf-lib: each page's values are
 * rendered as an overlay page of the page's displayed size (field-overlay.tsx) and laid over it,
 * turned to the page's /Rotate so they show upright where the signer saw them.
 */
export async function drawFields(doc: PDFDocument, fields: FieldsByPage): Promise<void> {
  const indexes = pagesWithFields(fields, doc.getPageCount());
  if (indexes.length === 0) return;
  const { placed, overlay } = await fieldOverlays(
    indexes.map((index) => {
      const page = doc.getPage(index);
      return { index, box: page.getCropBox(), rotation: page.getRotation().angle };
    }),
    fields,
  );
  const source = await PdfDocument.load(overlay, { updateMetadata: false });
  const embedded = await doc.embedPages(source.getPages());
  placed.forEach(({ index, at }, position) => {
    const layer = embedded[position];
    if (!layer) return;
    const { turned, ...box } = at;
    doc.getPage(index).drawPage(layer, { ...box, rotate: degrees(turned) });
  });
}
