import { execFile } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { type DrawnField, renderFieldOverlay, textLayout } from '../../src/server/pdf/field-overlay';
import { changedPixels } from '../support/pdf-ink';

const run = promisify(execFile);

async function textOf(pdf: Uint8Array): Promise<string> {
  const file = join(await mkdtemp(join(tmpdir(), 'pactum-overlay-')), 'overlay.pdf');
  await writeFile(file, pdf);
  return (await run('pdftotext', [file, '-'])).stdout;
}

const page = { width: 595, height: 842 };
/** A box given in points, as a field's fractions of the page. */
const at = (x: number, y: number, width: number, height: number) => ({
  x: x / page.width,
  y: y / page.height,
  width: width / page.width,
  height: height / page.height,
});

const fields: DrawnField[] = [
  // A multi-line field 8 pt high.
  {
    ...at(60, 80, 180, 8),
    value: { kind: 'text', text: 'Deliver to the loading bay behind the north warehouse', multiline: true },
  },
  // A one-line field 3.8 pt high.
  { ...at(60, 140, 160, 3.8), value: { kind: 'text', text: 'Thin line value', multiline: false } },
  // One line too long for its box even at the least size: wrapped, then clipped.
  {
    ...at(60, 200, 40, 10),
    value: { kind: 'text', text: 'A value far too long to fit in a box this narrow', multiline: false },
  },
];

describe('text in a field box', () => {
  it('shrinks to fit, then wraps, then clips, with every word still in the text layer', async () => {
    expect(textLayout('Short', { width: 160, height: 20 }, false)).toEqual({ size: 11, wrap: false });
    const small = textLayout(
      'Deliver to the loading bay behind the north warehouse',
      { width: 180, height: 8 },
      true,
    );
    expect(small.size).toBeLessThan(11);
    expect(small.size).toBeGreaterThanOrEqual(4);
    expect(
      textLayout('A value far too long to fit in a box this narrow', { width: 40, height: 10 }, false),
    ).toEqual({ size: 4, wrap: true });

    const overlay = await renderFieldOverlay([{ ...page, fields }]);
    const words = (await textOf(overlay)).replace(/\s+/g, ' ');
    expect(words).toContain('Deliver to the loading bay behind the north warehouse');
    expect(words).toContain('Thin line value');
    expect(words).toContain('A value far too long to fit in a box this narrow');

    // Every value shows, and only inside its own box.
    const blank = await PDFDocument.create();
    blank.addPage([page.width, page.height]);
    const { inside, outside } = await changedPixels(
      await blank.save(),
      overlay,
      { before: 1, after: 1 },
      fields,
      { dpi: 144 },
    );
    expect(outside).toBe(0);
    for (const count of inside) expect(count).toBeGreaterThan(0);
  }, 60_000);
});
