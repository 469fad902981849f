import { type DrawnField, renderFieldOverlay } from './field-overlay';
import { overlayPlacement } from './overlay-placement';

/** Filled fields by the page of the document they are on (counting from 0). */
export type FieldsByPage = Map<number, DrawnField[]>;

/** Where a page's overlay goes: its corner and size on the page, and the turn that shows it upright. */
export type OverlayAt = ReturnType<typeof overlayPlacement>;

/**
 * A document open in one of the PDF libraries, as the drawing of fields needs it: each writer of a
 * completion (completion-writer.ts) is one.
 */
export type OverlaySurface = {
  pageCount(): number;
  /** A page's visible area in its own coordinates, and its /Rotate. */
  pageBox(index: number): { box: { x: number; y: number; width: number; height: number }; rotation: number };
  /** Lays the pages of `overlay`, in order, over the document's pages at `placed`. */
  layOver(overlay: Uint8Array, placed: { index: number; at: OverlayAt }[]): Promise<void>;
};

/**
 * Draws filled fields onto the pages of a document: each page's values are rendered as an overlay
 * page of the page's displayed size (field-overlay.ts) and laid over it, turned to the page's
 * /Rotate so they show upright where the signer saw them.
 */
export async function drawFields(surface: OverlaySurface, fields: FieldsByPage): Promise<void> {
  const indexes = [...fields.keys()].filter((index) => index < surface.pageCount()).sort((a, b) => a - b);
  if (indexes.length === 0) return;
  const placed = indexes.map((index) => {
    const { box, rotation } = surface.pageBox(index);
    return { index, at: overlayPlacement(box, rotation) };
  });
  const overlay = await renderFieldOverlay(
    placed.map(({ index, at }) => ({ width: at.width, height: at.height, fields: fields.get(index) ?? [] })),
  );
  await surface.layOver(overlay, placed);
}
