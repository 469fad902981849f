/** A box on a page as it shows: fractions of its width and height, from its top left. */
export type PageBox = { x: number; y: number; width: number; height: number };

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
