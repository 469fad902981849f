import { type FieldType, fieldKinds, referenceWidth } from '../../../shared/fields';

export { referenceWidth };

/** A field's box on its page, in fractions of the page as it shows, from its top-left corner. */
export type Box = { x: number; y: number; width: number; height: number };

/** The smallest box a field may be resized to, in points at the reference width. */
const minimumPoints = 8;

/** A page's height over its width (about 1.29 for Letter, 1.41 for A4). */
export type PageAspect = number;

/** A new field's size on a page of the given aspect, in fractions of it. */
export function defaultSize(type: FieldType, aspect: PageAspect): Pick<Box, 'width' | 'height'> {
  const points = fieldKinds[type].sizeOnPage;
  return {
    width: Math.min(1, points.width / referenceWidth),
    height: Math.min(1, points.height / (referenceWidth * aspect)),
  };
}

const clampUnit = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The box moved, if need be, so it lies whole on the page (never larger than it). */
export function keptOnPage(box: Box): Box {
  const width = clampUnit(box.width, 0.001, 1);
  const height = clampUnit(box.height, 0.001, 1);
  return { x: clampUnit(box.x, 0, 1 - width), y: clampUnit(box.y, 0, 1 - height), width, height };
}

/** A new field of the type centred on a point of the page (fractions), whole on the page. */
export function boxCentredAt(type: FieldType, aspect: PageAspect, centre: { x: number; y: number }): Box {
  const size = defaultSize(type, aspect);
  return keptOnPage({ x: centre.x - size.width / 2, y: centre.y - size.height / 2, ...size });
}

/** The box moved by a distance in fractions of the page, kept on it. */
export function movedBy(box: Box, dx: number, dy: number): Box {
  return keptOnPage({ ...box, x: box.x + dx, y: box.y + dy });
}

/** The box with its bottom-right corner moved by a distance, at least the minimum size, kept on the page. */
export function resizedBy(box: Box, dx: number, dy: number, aspect: PageAspect): Box {
  const minWidth = minimumPoints / referenceWidth;
  const minHeight = minimumPoints / (referenceWidth * aspect);
  return {
    ...box,
    width: clampUnit(box.width + dx, minWidth, 1 - box.x),
    height: clampUnit(box.height + dy, minHeight, 1 - box.y),
  };
}

/** A copy's place: a little down and to the right of the original, or up and left near the edge. */
export function copyPlace(box: Box): Box {
  const step = 0.02;
  const dx = box.x + box.width + step <= 1 ? step : -step;
  const dy = box.y + box.height + step <= 1 ? step : -step;
  return movedBy(box, dx, dy);
}
