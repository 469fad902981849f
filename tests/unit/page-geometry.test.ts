import { PDF } from '@libpdf/core';
import { degrees, PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { displayedBox, displayedSize, userRect, visibleBox } from '../../src/server/pdf/page-geometry';

// An A4 page (595 × 842) and a 100 × 50 box 100 pt from the left and 200 pt from the bottom.
const page = { x: 0, y: 0, width: 595, height: 842 };
const rect = [100, 200, 200, 250] as const;
const near = (box: { x: number; y: number; width: number; height: number }) =>
  Object.fromEntries(Object.entries(box).map(([key, value]) => [key, Math.round(value * 1000) / 1000]));

describe('a rectangle of the page, as the page shows', () => {
  it('unrotated: from the top left', () => {
    expect(near(displayedBox(rect, page, 0))).toEqual(
      near({ x: 100 / 595, y: (842 - 250) / 842, width: 100 / 595, height: 50 / 842 }),
    );
  });

  it('turned a quarter clockwise: the left edge is at the top, the bottom at the left', () => {
    // Shown 842 wide and 595 high; the box is 200 pt from the left and 100 pt from the top.
    expect(near(displayedBox(rect, page, 90))).toEqual(
      near({ x: 200 / 842, y: 100 / 595, width: 50 / 842, height: 100 / 595 }),
    );
  });

  it('upside down, and turned three quarters', () => {
    expect(near(displayedBox(rect, page, 180))).toEqual(
      near({ x: (595 - 200) / 595, y: 200 / 842, width: 100 / 595, height: 50 / 842 }),
    );
    expect(near(displayedBox(rect, page, 270))).toEqual(
      near({ x: (842 - 250) / 842, y: (595 - 200) / 595, width: 50 / 842, height: 100 / 595 }),
    );
  });

  it('counts from the crop box, and keeps a box that overhangs it on the page', () => {
    const cropped = { x: 50, y: 100, width: 495, height: 642 };
    expect(near(displayedBox([0, 0, 150, 160], cropped, 0))).toEqual(
      near({ x: 0, y: (642 - 60) / 642, width: 100 / 495, height: 60 / 642 }),
    );
  });
});

describe('a box of the page as it shows, in the page’s own coordinates', () => {
  it('is where displayedBox found it, at every rotation and from any crop box', () => {
    const cropped = { x: 50, y: 100, width: 495, height: 642 };
    for (const box of [page, cropped]) {
      for (const rotation of [0, 90, 180, 270] as const) {
        const shown = displayedBox(rect, box, rotation);
        expect(userRect(shown, box, rotation).map((value) => Math.round(value * 1000) / 1000)).toEqual([
          ...rect,
        ]);
      }
    }
  });
});

describe("a page's visible area", () => {
  it('is its crop box, wherever its corner is, and turns with the page', async () => {
    // Letter, cropped by half an inch all round (the box does not start at the origin), turned a quarter.
    const source = await PDFDocument.create();
    const letter = source.addPage([612, 792]);
    letter.setCropBox(36, 36, 540, 720);
    letter.setRotation(degrees(90));
    source.addPage([595, 842]);
    const pdf = await PDF.load(await source.save());
    const [cropped, plain] = pdf.getPages();
    if (!cropped || !plain) throw new Error('two pages expected');
    expect(visibleBox(cropped)).toEqual({ x: 36, y: 36, width: 540, height: 720 });
    expect(displayedSize(cropped)).toEqual({ width: 720, height: 540 });
    expect(visibleBox(plain)).toEqual({ x: 0, y: 0, width: 595, height: 842 });
    // What @libpdf/core answers itself: the far corner as the size. If a release changes this,
    // the fallback in visibleBox must change with it.
    expect(cropped.getCropBox()).toEqual({ x: 36, y: 36, width: 576, height: 756 });
  });
});
