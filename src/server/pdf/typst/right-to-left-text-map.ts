/**
 * Right-to-left ligatures read back in the order they were written. A glyph that stands for two
 * letters (Arabic's lam-alef, IBM Plex's yeh-noon) maps, in the font's ToUnicode CMap, to its
 * letters in logical order, as Typst writes it; extractors (poppler's pdftotext, pdf.js) then
 * reverse each right-to-left run character by character, and 'لا' reads 'ال'. Mapped in drawing
 * order, the reversal puts them right, as the previous renderer did.
 *
 * Typst writes ToUnicode CMaps uncompressed, and reversing a mapping keeps its length, so the
 * file is changed in place: no offset moves and nothing is written again.
 */

/** Letters and marks of the scripts written right to left (Hebrew, Arabic, Syriac, Thaana, N'Ko…). */
const rightToLeft = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufefc]/;
const rightToLeftUnit = (unit: number) =>
  (unit >= 0x0590 && unit <= 0x08ff) ||
  (unit >= 0xfb1d && unit <= 0xfdff) ||
  (unit >= 0xfe70 && unit <= 0xfefc);

/** Whether a text could need it: only then is the PDF searched at all. */
export function mayHoldRightToLeft(text: string): boolean {
  return rightToLeft.test(text);
}

const cmapStart = /\/Type \/CMap[\s\S]*?stream\r?\n/g;
/** A bfchar line: a glyph id and the UTF-16 text it stands for, of two or more code units. */
const mapping = /<([0-9A-Fa-f]+)> <((?:[0-9A-Fa-f]{4}){2,})>/g;

export function mapRightToLeftInDrawingOrder(pdf: Buffer): Buffer {
  const text = pdf.toString('latin1');
  for (const start of text.matchAll(cmapStart)) {
    const from = (start.index ?? 0) + start[0].length;
    const to = text.indexOf('endstream', from);
    if (to < 0) continue;
    const cmap = text.slice(from, to);
    for (const found of cmap.matchAll(mapping)) {
      const hex = found[2] ?? '';
      const units = hex.match(/.{4}/g)?.map((unit) => Number.parseInt(unit, 16)) ?? [];
      if (!units.every(rightToLeftUnit)) continue;
      const reversed = units
        .reverse()
        .map((unit) => unit.toString(16).toUpperCase().padStart(4, '0'))
        .join('');
      const at = from + (found.index ?? 0) + found[0].length - hex.length - 1;
      pdf.write(reversed, at, 'latin1');
    }
  }
  return pdf;
}
