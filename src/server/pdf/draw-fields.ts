import { degrees, type PDFDocument, PDFDocument as PdfDocument } from 'pdf-lib';
import { type DrawnField, renderFieldOverlay } from './field-overlay';

/** Filled fields by the page of the document they are on (counting from 0). */
export type FieldsByPage = Map<number, DrawnField[]>;

/**
 * Draws filled fields onto the pages of a document open in pdf-lib: each page's values are
 * rendered as an overlay page of the page's displayed size (field-overlay.tsx) and laid over it,
 * turned to the page's /Rotate so they show upright where the signer saw them.
 */
export async function drawFields(doc: PDFDocument, fields: FieldsByPage): Promise<void> {
  const pageIndexes = [...fields.keys()].filter((index) => index < doc.getPageCount()).sort((a, b) => a - b);
  if (pageIndexes.length === 0) return;
  const pages = pageIndexes.map((index) => doc.getPage(index));
  const shown = pages.map((page) => {
    const box = page.getCropBox();
    const turned = normalRotation(page.getRotation().angle);
    return {
      box,
      turned,
      width: turned % 180 ? box.height : box.width,
      height: turned % 180 ? box.width : box.height,
    };
  });
  const overlay = await renderFieldOverlay(
    pageIndexes.map((index, at) => ({
      width: shown[at]?.width ?? 0,
      height: shown[at]?.height ?? 0,
      fields: fields.get(index) ?? [],
    })),
  );
  const source = await PdfDocument.load(overlay, { updateMetadata: false });
  const embedded = await doc.embedPages(source.getPages());
  pages.forEach((page, at) => {
    const layer = embedded[at];
    const facts = shown[at];
    if (!layer || !facts) return;
    const { box, turned } = facts;
    // The overlay's bottom left corner, once turned counter-clockwise by the page's rotation,
    // lands on the page's crop box.
    const origin =
      turned === 90
        ? { x: box.x + box.width, y: box.y }
        : turned === 180
          ? { x: box.x + box.width, y: box.y + box.height }
          : turned === 270
            ? { x: box.x, y: box.y + box.height }
            : { x: box.x, y: box.y };
    page.drawPage(layer, { ...origin, width: facts.width, height: facts.height, rotate: degrees(turned) });
  });
}

const normalRotation = (angle: number) => (((Math.round(angle / 90) * 90) % 360) + 360) % 360;
