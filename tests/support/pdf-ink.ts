import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A page of the PDF rendered in grey at 50 dpi (or `dpi`) by pdftoppm: how much of the box
 * (fractions of the page, from its top left) is dark, from 0 to 1. Says whether a value was drawn
 * inside its box.
 */
export async function inkIn(
  pdf: Buffer,
  page: number,
  box: { x: number; y: number; width: number; height: number },
  dpi = 50,
): Promise<number> {
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
    readFile(join(dir, `p-${String(page).padStart(2, '0')}.pgm`)),
  );
  const header = file.toString('latin1', 0, 20).split(/\s+/);
  const [width, height] = [Number(header[1]), Number(header[2])];
  const pixels = file.subarray(file.length - width * height);
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
