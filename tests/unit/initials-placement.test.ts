import { describe, expect, it } from 'vitest';
import { defaultSize } from '../../src/web/features/fields/field-geometry';
import { freeInitialsCorner, pagesText } from '../../src/web/features/fields/initials-placement';

const a4 = Math.SQRT2;
const landscape = 1 / Math.SQRT2;
const size = defaultSize('initials', a4);
const corner = (box: { x: number; y: number } | null) =>
  box === null ? null : `${box.x > 0.5 ? 'right' : 'left'} ${box.y > 0.5 ? 'bottom' : 'top'}`;
/** A field drawn over the page's quarter around a point. */
const fieldAt = (x: number, y: number) => ({ x: x - 0.1, y: y - 0.05, width: 0.2, height: 0.1 });

describe("'Initials on every page' on a page with fields", () => {
  it('takes the bottom right corner of an empty page, clear of its edges, at the initials size', () => {
    const box = freeInitialsCorner(a4, []);
    expect(corner(box)).toBe('right bottom');
    expect(box).toMatchObject(size);
    expect((box?.x ?? 0) + size.width).toBeCloseTo(1 - 36 / 612, 6);
    expect((box?.y ?? 0) + size.height).toBeLessThan(1);
  });

  it('moves to the nearest free corner: bottom left on a portrait page, top right on a landscape one', () => {
    const signatureBottomRight = fieldAt(0.85, 0.93);
    expect(corner(freeInitialsCorner(a4, [signatureBottomRight]))).toBe('left bottom');
    // On a landscape page the top is nearer than the far side.
    expect(corner(freeInitialsCorner(landscape, [{ x: 0.7, y: 0.8, width: 0.3, height: 0.2 }]))).toBe(
      'right top',
    );
    expect(corner(freeInitialsCorner(a4, [signatureBottomRight, fieldAt(0.15, 0.93)]))).toBe('right top');
  });

  it('keeps a gap from a field that only touches the corner', () => {
    const usual = freeInitialsCorner(a4, []);
    if (!usual) throw new Error('no corner');
    // A field ending 1 pt left of where the initials would start.
    const beside = { x: usual.x - 0.1, y: usual.y, width: 0.1 - 1 / 612, height: usual.height };
    expect(corner(freeInitialsCorner(a4, [beside]))).toBe('left bottom');
    // 10 pt away is room enough.
    const apart = { ...beside, width: 0.1 - 10 / 612 };
    expect(corner(freeInitialsCorner(a4, [apart]))).toBe('right bottom');
  });

  it('finds no place when every corner has a field', () => {
    const everyCorner = [fieldAt(0.85, 0.93), fieldAt(0.15, 0.93), fieldAt(0.85, 0.05), fieldAt(0.15, 0.05)];
    expect(freeInitialsCorner(a4, everyCorner)).toBeNull();
    // A field across the whole page leaves nothing either.
    expect(freeInitialsCorner(a4, [{ x: 0, y: 0, width: 1, height: 1 }])).toBeNull();
  });

  it('names the pages it left out, by file, counting from 1', () => {
    expect(pagesText([{ file: 'a.pdf', page: 2 }])).toBe('page 3 of a.pdf');
    expect(
      pagesText([
        { file: 'a.pdf', page: 0 },
        { file: 'a.pdf', page: 4 },
        { file: 'a.pdf', page: 8 },
        { file: 'b.pdf', page: 0 },
      ]),
    ).toBe('pages 1, 5 and 9 of a.pdf; page 1 of b.pdf');
    const many = Array.from({ length: 40 }, (_, page) => ({ file: 'long.pdf', page }));
    expect(pagesText(many)).toBe('pages 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 30 more of long.pdf');
  });
});
