import { type PDFPage, PdfArray, PdfNumber } from '@libpdf/core';
import type { PageBox } from '../../shared/page-box';

/**
 * Where a rectangle of a page's own coordinates (PDF user space: points from the bottom left of
 * the unrotated page, [x1, y1, x2, y2]) shows on the page as it is displayed, turned by its
 * /Rotate (clockwise): as fractions of the displayed page, from its top left. `box` is the page's
 * visible area (its crop box) in the same coordinates.
 */
export function displayedBox(
  rect: readonly [number, number, number, number],
  box: { x: number; y: number; width: number; height: number },
  rotation: 0 | 90 | 180 | 270,
): PageBox {
  const [ax, ay, bx, by] = rect;
  const x1 = Math.min(ax, bx) - box.x;
  const x2 = Math.max(ax, bx) - box.x;
  const y1 = Math.min(ay, by) - box.y;
  const y2 = Math.max(ay, by) - box.y;
  const { width: w, height: h } = box;
  const shown =
    rotation === 90
      ? { left: y1, top: x1, width: y2 - y1, height: x2 - x1, pageWidth: h, pageHeight: w }
      : rotation === 180
        ? { left: w - x2, top: y1, width: x2 - x1, height: y2 - y1, pageWidth: w, pageHeight: h }
        : rotation === 270
          ? { left: h - y2, top: w - x2, width: y2 - y1, height: x2 - x1, pageWidth: h, pageHeight: w }
          : { left: x1, top: h - y2, width: x2 - x1, height: y2 - y1, pageWidth: w, pageHeight: h };
  // The part of the box on the page, as fractions of it.
  const clamp = (value: number) => Math.min(1, Math.max(0, value));
  const left = clamp(shown.left / shown.pageWidth);
  const top = clamp(shown.top / shown.pageHeight);
  const right = clamp((shown.left + shown.width) / shown.pageWidth);
  const bottom = clamp((shown.top + shown.height) / shown.pageHeight);
  return { x: left, y: top, width: right - left, height: bottom - top };
}

/**
 * The rectangle of the page's own coordinates ([x1, y1, x2, y2], PDF user space) where a box of
 * the page as displayed (fractions, from its top left) is: displayedBox the other way round.
 */
export function userRect(
  shown: PageBox,
  box: { x: number; y: number; width: number; height: number },
  rotation: 0 | 90 | 180 | 270,
): [number, number, number, number] {
  const { width: w, height: h } = box;
  const across = (from: number, size: number, length: number) => [from * length, (from + size) * length];
  if (rotation === 90) {
    const [y1, y2] = across(shown.x, shown.width, h);
    const [x1, x2] = across(shown.y, shown.height, w);
    return [box.x + (x1 ?? 0), box.y + (y1 ?? 0), box.x + (x2 ?? 0), box.y + (y2 ?? 0)];
  }
  if (rotation === 180) {
    const [left, right] = across(shown.x, shown.width, w);
    const [y1, y2] = across(shown.y, shown.height, h);
    return [box.x + w - (right ?? 0), box.y + (y1 ?? 0), box.x + w - (left ?? 0), box.y + (y2 ?? 0)];
  }
  if (rotation === 270) {
    const [left, right] = across(shown.x, shown.width, h);
    const [top, bottom] = across(shown.y, shown.height, w);
    return [
      box.x + w - (bottom ?? 0),
      box.y + h - (right ?? 0),
      box.x + w - (top ?? 0),
      box.y + h - (left ?? 0),
    ];
  }
  const [x1, x2] = across(shown.x, shown.width, w);
  const [top, bottom] = across(shown.y, shown.height, h);
  return [box.x + (x1 ?? 0), box.y + h - (bottom ?? 0), box.x + (x2 ?? 0), box.y + h - (top ?? 0)];
}

/**
 * A page's visible area (its crop box, else its media box) in its own coordinates, as a corner
 * and a size. @libpdf/core 0.4's `getCropBox()` answers the box's far corner as `width` and
 * `height` (right for boxes at the origin, the usual case, and wrong for the others), so the
 * page's own array is read here; the library's answer, read as corners, is the fallback for a box
 * that is inherited or indirect. `tests/unit/page-geometry.test.ts` holds the library to that.
 */
export function visibleBox(page: PDFPage): { x: number; y: number; width: number; height: number } {
  const own = page.dict.get('CropBox') ?? page.dict.get('MediaBox');
  const numbers =
    own instanceof PdfArray && own.length === 4
      ? [0, 1, 2, 3].map((index) => {
          const value = own.at(index);
          return value instanceof PdfNumber ? value.value : Number.NaN;
        })
      : [];
  const [x1, y1, x2, y2] = numbers.every(Number.isFinite) && numbers.length === 4 ? numbers : cornersOf(page);
  return {
    x: Math.min(x1 ?? 0, x2 ?? 0),
    y: Math.min(y1 ?? 0, y2 ?? 0),
    width: Math.abs((x2 ?? 0) - (x1 ?? 0)),
    height: Math.abs((y2 ?? 0) - (y1 ?? 0)),
  };
}

const cornersOf = (page: PDFPage) => {
  const box = page.getCropBox();
  return [box.x, box.y, box.width, box.height];
};

/** The page's size as it shows (its visible area, turned by its /Rotate), in points. */
export function displayedSize(page: PDFPage): { width: number; height: number } {
  const { width, height } = visibleBox(page);
  return page.rotation % 180 ? { width: height, height: width } : { width, height };
}
