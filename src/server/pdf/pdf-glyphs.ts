import PDFDocument from 'pdfkit';
import type { MarkOffset, WordText } from './pdf-fonts';

/**
 * How shaped glyphs are written into the PDF. React-pdf hands a line's glyphs to the document's
 * `glyphs` method when it has one; this one fixes what its own writer gets wrong for the scripts
 * Pactum prints: it applies glyph offsets in points (react-pdf's writer scales them by the font
 * size a second time, so an Arabic dot or a Devanagari vowel sign lost its OpenType position).
 *
 * Standard (non-embedded) fonts keep react-pdf's writer: the method only exists for embedded ones.
 */

type Glyph = {
  id: number;
  advanceWidth: number;
  codePoints: number[];
  markOffset?: MarkOffset;
  wordText?: WordText;
};

/** A PDF text string: UTF-16BE with its byte order mark, in hex. */
function textString(text: string): string {
  let hex = 'FEFF';
  for (let index = 0; index < text.length; index += 1) {
    hex += text.charCodeAt(index).toString(16).padStart(4, '0').toUpperCase();
  }
  return `<${hex}>`;
}
type Position = { xAdvance: number; xOffset: number; yOffset: number };
type EmbeddedFont = {
  id: string;
  font: { unitsPerEm: number };
  subset: { includeGlyph(id: number): number };
  widths: number[];
  unicode: number[][];
  scale: number;
  ref(): unknown;
};
type Document = {
  _font: EmbeddedFont & { subset?: unknown };
  _fontSize: number;
  page: { height: number; fonts: Record<string, unknown> };
  save(): void;
  restore(): void;
  transform(a: number, b: number, c: number, d: number, e: number, f: number): void;
  addContent(operators: string): void;
};

/** PDF numbers: six decimals at most, no exponent. */
const number = (value: number) => String(Math.round(value * 1e6) / 1e6);

function drawGlyphs(this: Document, glyphs: Glyph[], positions: Position[], x: number, y: number): void {
  const font = this._font;
  const size = this._fontSize;
  // Points to text space (thousandths of the font size), the unit of TJ adjustments.
  const toText = 1000 / size;
  const pointsPerUnit = size / font.font.unitsPerEm;
  this.save();
  // React-pdf's page is flipped (y down); text is set in the PDF's own space (y up).
  this.transform(1, 0, 0, -1, 0, this.page.height);
  const baseline = this.page.height - y;
  if (this.page.fonts[font.id] == null) this.page.fonts[font.id] = font.ref();
  this.addContent('BT');
  this.addContent(`/${font.id} ${number(size)} Tf`);
  this.addContent(`1 0 0 1 ${number(x)} ${number(baseline)} Tm`);
  // One TJ array for the run: a mark moves by an adjustment before it and back after it, and up or
  // down with the text rise, so text extraction keeps it in the line beside its letter.
  let pending: string[] = [];
  let rise = 0;
  const flush = () => {
    if (pending.length > 0) this.addContent(`[${pending.join(' ')}] TJ`);
    pending = [];
  };
  const shift = (points: number) => {
    if (Math.abs(points) > 1e-6) pending.push(number(-points * toText));
  };
  // The word being drawn with its text as written (see spellWords in pdf-fonts.ts).
  let word: WordText | undefined;
  let wordStart = -1;
  glyphs.forEach((glyph, index) => {
    if (glyph.wordText && !word) {
      flush();
      word = glyph.wordText;
      wordStart = index;
      this.addContent(`/Span <</ActualText ${textString(word.text)}>> BDC`);
    }
    const natural = glyph.advanceWidth * pointsPerUnit;
    const position = positions[index] ?? { xAdvance: natural, xOffset: 0, yOffset: 0 };
    const id = font.subset.includeGlyph(glyph.id);
    font.widths[id] ??= glyph.advanceWidth * font.scale;
    font.unicode[id] ??= glyph.codePoints;
    // The mark offset kept from shaping (pdf-fonts.ts), in font units; else react-pdf's, in points.
    const offsetX = glyph.markOffset ? glyph.markOffset.x * pointsPerUnit : position.xOffset;
    // React-pdf's own vertical offset is a baseline shift (super/subscript) in thousandths of an em.
    const offsetY =
      (glyph.markOffset ? glyph.markOffset.y * pointsPerUnit : 0) + (position.yOffset * size) / 1000;
    if (Math.abs(offsetY - rise) > 1e-6) {
      flush();
      rise = offsetY;
      this.addContent(`${number(rise)} Ts`);
    }
    shift(offsetX);
    pending.push(`<${id.toString(16).padStart(4, '0')}>`);
    // The PDF advances by the glyph's own width; kerning, justification and the way back from a
    // mark's offset adjust it to the advance the layout chose.
    shift(position.xAdvance - natural - offsetX);
    if (word && glyph.wordText === word && (index !== wordStart || word.single)) {
      flush();
      this.addContent('EMC');
      word = undefined;
    }
  });
  if (word) {
    // The line ended inside the word: the marked content must close within this text object.
    flush();
    this.addContent('EMC');
  }
  if (rise !== 0) {
    flush();
    this.addContent('0 Ts');
  }
  flush();
  this.addContent('ET');
  this.restore();
}

type FontSwitch = (this: FontCache, src: unknown, family?: unknown, size?: number) => unknown;
type FontCache = Document & { pactumFonts?: Map<object, unknown>; fontSize(size: number): void };

/**
 * React-pdf selects a font object (not a name) for every run it draws, and for such a font pdfkit
 * makes a new embedded font each time and compares it with the ones it has by serialising their
 * name tables: at a hundred runs a page that was most of a long contract's render time, and its
 * garbage. Each document keeps the embedded font of each font object instead.
 */
function reuseEmbeddedFonts(prototype: { font: FontSwitch }): void {
  const select = prototype.font;
  prototype.font = function (this: FontCache, src, family, size) {
    const byObject =
      typeof src === 'object' && src !== null && (family == null || typeof family === 'number');
    if (!byObject) return select.call(this, src, family, size);
    this.pactumFonts ??= new Map();
    const known = this.pactumFonts.get(src);
    const fontSize = typeof family === 'number' ? family : size;
    if (!known) {
      const result = select.call(this, src, family, size);
      this.pactumFonts.set(src, this._font);
      return result;
    }
    this._font = known as Document['_font'];
    if (fontSize != null) this.fontSize(fontSize);
    return this;
  };
}

type DocumentEnd = (this: { info: Record<string, unknown> }) => unknown;

/**
 * React-pdf passes a document's `modificationDate` to pdfkit as a 'ModificationDate' entry, which
 * no reader knows; the PDF's own key is 'ModDate'. Renaming it as the document is written dates
 * the file directly, instead of parsing and writing it all again with pdf-lib afterwards.
 */
function standardModificationDate(prototype: { end: DocumentEnd }): void {
  const end = prototype.end;
  prototype.end = function (this: { info: Record<string, unknown> }) {
    const { ModificationDate: date, ...rest } = this.info;
    if (date !== undefined) this.info = { ...rest, ModDate: date };
    return end.call(this);
  };
}

type FontsInit = (this: Document, defaultFont?: unknown, family?: unknown, size?: number) => unknown;

/**
 * A new pdfkit document reads and parses Helvetica's metrics (an AFM file) to have a default
 * font. React-pdf selects an embedded font before anything is written and never draws in
 * Helvetica (pdf-fonts.ts gives every character a font of the stacks), so documents start with
 * no font instead: a few milliseconds less for each of the three documents a seal renders.
 */
function noDefaultFont(prototype: { initFonts: FontsInit }): void {
  const init = prototype.initFonts;
  prototype.initFonts = function (this: Document, _defaultFont, family, size) {
    return init.call(this, null, family, size);
  };
}

let installed = false;

/** Installs the writer (and the standard modification date) on pdfkit's documents, once per thread. */
export function installGlyphWriter(): void {
  if (installed) return;
  installed = true;
  const prototype = PDFDocument.prototype as {
    font: FontSwitch;
    end: DocumentEnd;
    initFonts: FontsInit;
  };
  noDefaultFont(prototype);
  reuseEmbeddedFonts(prototype);
  standardModificationDate(prototype);
  Object.defineProperty(prototype, 'glyphs', {
    configurable: true,
    get(this: Document) {
      return this._font?.subset ? drawGlyphs : undefined;
    },
  });
}
