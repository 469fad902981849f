import { type Box, defaultSize, type PageAspect, referenceWidth } from './field-geometry';

/** How far the initials keep from the page's edges, and from another field, in points. */
const edgeMargin = 36;
const fieldGap = 4;

/**
 * The four corners initials may go in, nearest the usual one (bottom right, clear of a page
 * number at the bottom centre) first: distances are measured in points on the page as it shows, so
 * on a portrait page the bottom left comes before the top right.
 */
function cornersOf(aspect: PageAspect): Box[] {
  const size = defaultSize('initials', aspect);
  const marginX = edgeMargin / referenceWidth;
  const marginY = (edgeMargin * 1.5) / (referenceWidth * aspect);
  const left = marginX;
  const right = Math.max(0, 1 - marginX - size.width);
  const top = marginY;
  const bottom = Math.max(0, 1 - marginY - size.height);
  const usual = { x: right, y: bottom };
  const distance = (corner: { x: number; y: number }) =>
    Math.hypot(corner.x - usual.x, (corner.y - usual.y) * aspect);
  return [
    { x: right, y: bottom },
    { x: left, y: bottom },
    { x: right, y: top },
    { x: left, y: top },
  ]
    .sort((a, b) => distance(a) - distance(b))
    .map((corner) => ({ ...corner, ...size }));
}

/** Whether two boxes on a page of the aspect come closer than the gap a field keeps. */
function tooClose(a: Box, b: Box, aspect: PageAspect): boolean {
  const gapX = fieldGap / referenceWidth;
  const gapY = fieldGap / (referenceWidth * aspect);
  return (
    a.x < b.x + b.width + gapX &&
    b.x < a.x + a.width + gapX &&
    a.y < b.y + b.height + gapY &&
    b.y < a.y + a.height + gapY
  );
}

/**
 * Where 'Initials on every page' puts a page's initials: the nearest corner that no field placed on
 * the page touches, or null when a field stands in every corner (the sender places those by hand).
 */
export function freeInitialsCorner(aspect: PageAspect, placed: readonly Box[]): Box | null {
  return cornersOf(aspect).find((corner) => !placed.some((field) => tooClose(corner, field, aspect))) ?? null;
}

/** "page 3 of a.pdf", "pages 3, 5 and 9 of a.pdf; page 1 of b.pdf": the pages left out, by file. */
export function pagesText(pages: readonly { file: string; page: number }[]): string {
  const byFile = new Map<string, number[]>();
  for (const { file, page } of pages) byFile.set(file, [...(byFile.get(file) ?? []), page + 1]);
  return [...byFile]
    .map(([file, numbers]) => {
      const shown = numbers.length > 12 ? [...numbers.slice(0, 10), `${numbers.length - 10} more`] : numbers;
      const list =
        shown.length === 1 ? `${shown[0]}` : `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`;
      return `${numbers.length === 1 ? 'page' : 'pages'} ${list} of ${file}`;
    })
    .join('; ');
}
