import { PDF } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { displayedBox, visibleBox } from '../../src/server/pdf/page-geometry';
import { findTextTags, textTagPattern } from '../../src/server/uploads/text-tags';
import { TaskRefusal } from '../../src/server/workers/task-refusal';
import { fieldLimits } from '../../src/shared/fields';
import { pdfFixture } from '../fixtures/pdf/pdf-fixtures';
import { tagFlood, taggedLines } from '../fixtures/pdf/text-tag-pdfs';

/** The tags as @libpdf/core's own search finds them (what the reader did before it was bounded). */
async function searchedTags(bytes: Uint8Array) {
  const pdf = await PDF.load(bytes);
  return pdf.getPages().flatMap((page) =>
    page
      .findText(new RegExp(textTagPattern.source, 'gi'))
      .map((found) => ({ match: textTagPattern.exec(found.text), bbox: found.bbox }))
      .filter(({ match }) => match && Number(match[2]) >= 1)
      .map(({ match, bbox }) => ({
        page: page.index,
        kind: match?.[1]?.toLowerCase(),
        signer: Number(match?.[2]),
        tagBox: rounded(
          displayedBox(
            [bbox.x, bbox.y, bbox.x + bbox.width, bbox.y + bbox.height],
            visibleBox(page),
            page.rotation,
          ),
        ),
      })),
  );
}

const rounded = (box: Record<string, number>) =>
  Object.fromEntries(Object.entries(box).map(([key, value]) => [key, Math.round(value * 1e6) / 1e6]));

const kindOf: Record<string, string> = { dateSigned: 'date' };

async function readTags(bytes: Uint8Array) {
  const found = await findTextTags(bytes, fieldLimits.fieldsPerContract);
  return found.map((field) => ({
    page: field.page,
    kind: kindOf[field.type] ?? field.type,
    signer: field.signer,
    tagBox: rounded(field.tagBox),
  }));
}

describe('the text-tag reader', () => {
  it.each([
    ['chromium-tagged.pdf', () => pdfFixture('chromium-tagged.pdf')],
    ['libreoffice-agreement.pdf', () => pdfFixture('libreoffice-agreement.pdf')],
    ['mixed-sizes-rotated.pdf', () => pdfFixture('mixed-sizes-rotated.pdf')],
    ['tags among words', () => taggedLines()],
    ['tags among words, with word spacing', () => taggedLines(3.5)],
    ['300 tags on one line', () => tagFlood(300)],
  ])('finds the tags of %s where @libpdf/core finds them', async (name, file) => {
    const bytes = new Uint8Array(file());
    const expected = await searchedTags(bytes);
    const found = await readTags(bytes);
    expect(found).toEqual(expected);
    if (name !== 'libreoffice-agreement.pdf' && name !== 'mixed-sizes-rotated.pdf')
      expect(found.length).toBeGreaterThan(0);
  });

  it('measures the spaces before a tag where word spacing moves it', async () => {
    const plain = await readTags(new Uint8Array(taggedLines()));
    const spaced = await readTags(new Uint8Array(taggedLines(3.5)));
    expect(spaced.map(({ kind, signer }) => [kind, signer])).toEqual([
      ['signature', 1],
      ['name', 1],
      ['date', 1],
      ['text', 2],
    ]);
    // Five spaces before the signature's tag, each 3.5 pt wider: 17.5 pt of a 612 pt page.
    expect((spaced[0]?.tagBox.x ?? 0) - (plain[0]?.tagBox.x ?? 0)).toBeCloseTo(17.5 / 612, 5);
  });

  it('refuses, within a second or two, a 1 KB file of 20,000 tags on one line', async () => {
    const bytes = new Uint8Array(tagFlood());
    expect(bytes.byteLength).toBeLessThan(1_500);
    const started = performance.now();
    const reading = findTextTags(bytes, fieldLimits.fieldsPerContract);
    await expect(reading).rejects.toBeInstanceOf(TaskRefusal);
    await expect(reading).rejects.toThrow(
      'The text tags of this PDF were not read: page 1 has more than 100,000 characters of text.',
    );
    expect(performance.now() - started).toBeLessThan(3_000);
  });

  it('reads a page of 9,000 tags in its budget, placing as many fields as a contract holds', async () => {
    const started = performance.now();
    const found = await findTextTags(new Uint8Array(tagFlood(9_000)), fieldLimits.fieldsPerContract);
    expect(found).toHaveLength(fieldLimits.fieldsPerContract);
    expect(found.every((field) => field.type === 'text' && field.signer === 1)).toBe(true);
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
