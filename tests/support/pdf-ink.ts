import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A page of the PDF (counting from 1) rendered in grey by pdftoppm: its size in pixels and its pixels. */
export async function greyPage(
  pdf: Uint8Array,
  page: number,
  dpi = 50,
): Promise<{ width: number; height: number; pixels: Uint8Array }> {
  const dir = await mkdtemp(join(tmpdir(), 'pactum-ink-'));
  await writeFile(join(dir, 'doc.pdf'), pdf);
  await run('pdftoppm', [
    '-f',
    `${page}`,
    '-l',
    `${page}`,
    '-r',
    `${dpi}`,
    '-gray',
    join(dir, 'doc.pdf'),
    join(dir, 'p'),
  ]);
  // pdftoppm pads the page number to the width of the document's page count.
  const file = await readFile(join(dir, `p-${page}.pgm`)).catch(() =>
    readFile(join(dir, `p-${String(page).padStart(2, '0')}.pgm`)).catch(() =>
      readFile(join(dir, `p-${String(page).padStart(3, '0')}.pgm`)),
    ),
  );
  const header = file.toString('latin1', 0, 20).split(/\s+/);
  const [width, height] = [Number(header[1]), Number(header[2])];
  return { width, height, pixels: file.subarray(file.length - width * height) };
}

type Box = { x: number; y: number; width: number; height: number };

/**
 * A page of the PDF rendered in grey at 50 dpi (or `dpi`) by pdftoppm: how much of the box
 * (fractions of the page, from its top left) is dark, from 0 to 1. Says whether a value was drawn
 * inside its box.
 */
export async function inkIn(pdf: Buffer, page: number, box: Box, dpi = 50): Promise<number> {
  const { width, height, pixels } = await greyPage(pdf, page, dpi);
  let dark = 0;
  let total = 0;
  for (let y = Math.floor(box.y * height); y < Math.floor((box.y + box.height) * height); y++) {
    for (let x = Math.floor(box.x * width); x < Math.floor((box.x + box.width) * width); x++) {
      total++;
      if ((pixels[y * width + x] ?? 255) < 128) dark++;
    }
  }
  return dark / Math.max(1, total);
}

/**
 * The pixels that differ between a page of two PDFs of the same page size (rendered in grey by
 * pdftoppm), counted inside each box (fractions of the page, grown by `margin` pixels for
 * anti-aliasing) and outside them all.
 */
export async function changedPixels(
  before: Uint8Array,
  after: Uint8Array,
  pages: { before: number; after: number },
  boxes: Box[],
  { dpi = 72, margin = 1, threshold = 48 } = {},
): Promise<{ inside: number[]; outside: number }> {
  const [old, now] = await Promise.all([
    greyPage(before, pages.before, dpi),
    greyPage(after, pages.after, dpi),
  ]);
  if (old.width !== now.width || old.height !== now.height) throw new Error('The pages differ in size');
  const { width, height } = now;
  const inside = boxes.map(() => 0);
  let outside = 0;
  const pixelBoxes = boxes.map((box) => ({
    left: box.x * width - margin,
    right: (box.x + box.width) * width + margin,
    top: box.y * height - margin,
    bottom: (box.y + box.height) * height + margin,
  }));
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const index = y * width + x;
      if (Math.abs((old.pixels[index] ?? 255) - (now.pixels[index] ?? 255)) < threshold) continue;
      const at = pixelBoxes.findIndex(
        (box) => x + 1 > box.left && x < box.right && y + 1 > box.top && y < box.bottom,
      );
      if (at < 0) outside++;
      else inside[at] = (inside[at] ?? 0) + 1;
    }
  }
  return { inside, outside };
}

/** A field as the API places it: its box on its page, and a radio group's box for each choice. */
type PlacedField = Box & {
  label: string;
  type: string;
  options: { choices?: string[]; choiceBoxes?: Box[] };
};

/**
 * The pixels a page's fields changed between two PDFs (changedPixels), by field: a field's label,
 * or a radio group's "label:choice" for each of its buttons, whose box is inside the group's.
 */
export async function changedInFields(
  before: Uint8Array,
  after: Uint8Array,
  pages: { before: number; after: number },
  fields: PlacedField[],
  options: { dpi?: number } = {},
): Promise<{ changed: Record<string, number>; outside: number }> {
  const boxes = fields.flatMap((field) =>
    field.type === 'radio'
      ? (field.options.choiceBoxes ?? []).map((box, index) => ({
          name: `${field.label}:${field.options.choices?.[index] ?? index}`,
          box: {
            x: field.x + box.x * field.width,
            y: field.y + box.y * field.height,
            width: box.width * field.width,
            height: box.height * field.height,
          },
        }))
      : [{ name: field.label, box: field as Box }],
  );
  const { inside, outside } = await changedPixels(
    before,
    after,
    pages,
    boxes.map(({ box }) => box),
    options,
  );
  return { changed: Object.fromEntries(boxes.map(({ name }, index) => [name, inside[index] ?? 0])), outside };
}
