import { Font } from '@react-pdf/renderer';
import { families } from './font-files';

/**
 * The fonts of every Pactum PDF, shipped as npm packages (nothing is read from the system or
 * fetched at run time) and embedded as subsets: only the glyphs a document uses are written.
 *
 * A text run takes the first family of a stack that has a glyph for its character, so one stack
 * prints any mix of scripts:
 * - Noto Sans: Latin with every diacritic, Cyrillic, Greek and Devanagari, with bold and italic;
 * - IBM Plex Sans Arabic and Noto Sans Hebrew (no italic: the upright face stands in, as in
 *   browsers). Plex draws each Arabic letter form as one glyph; Noto Sans Arabic builds them from
 *   a dotless body and separate dots, and a PDF maps each glyph to one text, so its shared bodies
 *   made pdftotext read 'ي' as 'ب';
 * - Source Han Sans: one pan-CJK family, so Chinese (Han), Japanese (kana) and Korean (Hangul)
 *   share one font, with its regular and bold weights;
 * - Noto Sans Mono for code, falling back to the same stack for what it lacks.
 */
const rightToLeft = new Set(['IBM Plex Sans Arabic', 'Noto Sans Hebrew']);
const lastResort = 'Source Han Sans';
const fallbacks = ['IBM Plex Sans Arabic', 'Noto Sans Hebrew', lastResort];

/** Font stacks for `fontFamily`: bold and italic are chosen with fontWeight and fontStyle. */
export const fontStacks = {
  sans: ['Noto Sans', ...fallbacks],
  mono: ['Noto Sans Mono', 'Noto Sans', ...fallbacks],
};

let registered = false;

/**
 * Registers the families with react-pdf once per thread. Files are only opened when a document
 * first uses a family, and then kept for every later render in the thread.
 */
export function registerPdfFonts(): void {
  if (registered) return;
  registered = true;
  for (const [family, faces] of Object.entries(families)) {
    const list = faces();
    Font.register({
      family,
      fonts: list.map((face) => ({ src: face.file, fontWeight: face.fontWeight, fontStyle: face.fontStyle })),
    });
    for (const face of list) {
      const source = Font.getFont({
        fontFamily: family,
        fontWeight: face.fontWeight,
        fontStyle: face.fontStyle,
      });
      // A face registered twice (an upright face standing in for italic) shares the first one's
      // font object: the file is read and parsed once, and embedded once.
      const first = list.find((other) => other.file === face.file);
      const owner =
        first && first !== face
          ? Font.getFont({ fontFamily: family, fontWeight: first.fontWeight, fontStyle: first.fontStyle })
          : undefined;
      const load = owner ? () => owner.load() : source.load.bind(source);
      // Asked for by every text that names the family, thousands of times a render: once loaded,
      // there is nothing left to do.
      let loaded = false;
      source.load = async () => {
        if (loaded) return;
        await load();
        loaded = true;
        if (owner) source.data = owner.data;
        else if (source.data) {
          glyphsOfTheirCharacters(source.data as unknown as ShapingFont);
          keepMarkOffsets(source.data as unknown as ShapingFont, rightToLeft.has(family));
          claimCodePoints(source.data as unknown as ShapingFont, family === lastResort);
          fixUnitsPerEm(source.data);
        }
      };
    }
  }
}

type Position = { xAdvance: number; yAdvance?: number; xOffset: number; yOffset: number };
type ShapedRun = { glyphs: object[]; positions: Position[] };
type ShapingFont = {
  layout(...args: unknown[]): ShapedRun;
  getGlyph(id: number, codePoints?: number[]): { codePoints: number[] } | null;
  hasGlyphForCodePoint(codePoint: number): boolean;
  glyphForCodePoint(codePoint: number): { advanceWidth: number; codePoints: number[] };
};

/**
 * Text that OpenType shaping would only kern: Latin (with precomposed accents), Greek, Cyrillic,
 * punctuation and symbols, without combining marks. Most of a contract is such text.
 */
const simpleText =
  /^[\u0020-\u007e\u00a0-\u024f\u0370-\u03ff\u0400-\u052f\u1e00-\u1fff\u2000-\u2064\u20a0-\u20cf\u2100-\u214f\n]*$/;

type SimpleGlyph = ReturnType<ShapingFont['glyphForCodePoint']>;
/** Per font, the glyph set for each character of simple text (fontkit searches its cmap each time). */
const simpleGlyphs = new WeakMap<ShapingFont, Map<number, SimpleGlyph>>();

/**
 * Simple text set glyph by glyph at its advance, without running the OpenType tables: shaping a
 * page of it took most of a render, for nothing but kerning (which the standard fonts Pactum used
 * before did not apply either).
 */
function setSimply(font: ShapingFont, text: string): ShapedRun {
  const glyphs: object[] = [];
  const positions: Position[] = [];
  let known = simpleGlyphs.get(font);
  if (!known) {
    known = new Map();
    simpleGlyphs.set(font, known);
  }
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    let glyph = known.get(codePoint);
    if (!glyph) {
      glyph = font.glyphForCodePoint(codePoint);
      // fontkit keeps one glyph object per glyph, with the characters it was first made for (after
      // a decomposition, 'i' may hold 'ị'): the glyph must say which character it shows here.
      if (glyph.codePoints.length !== 1 || glyph.codePoints[0] !== codePoint) {
        glyph = Object.create(glyph, { codePoints: { value: [codePoint] } }) as SimpleGlyph;
      }
      known.set(codePoint, glyph);
    }
    glyphs.push(glyph);
    positions.push({ xAdvance: glyph.advanceWidth, yAdvance: 0, xOffset: 0, yOffset: 0 });
  }
  return { glyphs, positions };
}
/** Where a mark sits, in font units from the origin of the glyph drawn before it (see pdf-glyphs.ts). */
export type MarkOffset = { x: number; y: number };

/**
 * Keeps the OpenType position of marks (Arabic dots and vowels, Hebrew points, Devanagari signs,
 * combining accents) through react-pdf's layout, which overwrites every glyph's vertical offset
 * with the run's baseline shift. Each positioned glyph is given a view carrying its offset, which
 * the glyph writer uses instead.
 *
 * React-pdf shapes every run left to right and then reverses the glyphs of a right-to-left run.
 * A mark has no advance and an offset measured from the pen after its base letter; once reversed
 * it is drawn before its base, so for the Arabic and Hebrew fonts (whose letters always run right
 * to left) a mark's offset is measured from its base's own origin instead.
 */
/**
 * A line break ('\n' of a hard break or a code block) has no glyph in any font, and react-pdf
 * then sets it in Helvetica, a non-embedded font (pdffonts must list only embedded ones). The
 * layout breaks the line there and draws nothing for it, so any font may claim it. For the same
 * reason the last font of the stacks claims every character none of them has (an emoji, a script
 * Pactum ships no font for): it prints as that font's missing-glyph box, in an embedded font.
 */
function claimCodePoints(font: ShapingFont, everything: boolean): void {
  if (claimingFonts.has(font)) return;
  claimingFonts.add(font);
  const hasGlyph = font.hasGlyphForCodePoint.bind(font);
  // Asked for every character of every text (choosing the font of the stack): remembered, since
  // fontkit searches the cmap each time.
  const known = new Map<number, boolean>();
  font.hasGlyphForCodePoint = (codePoint: number) => {
    if (everything || codePoint === 0x0a) return true;
    let has = known.get(codePoint);
    if (has === undefined) {
      has = hasGlyph(codePoint);
      known.set(codePoint, has);
    }
    return has;
  };
}
const claimingFonts = new WeakSet<ShapingFont>();

/**
 * fontkit keeps one glyph object per glyph id, with the characters it was first made for, and
 * hands that object to every later layout: the PDF's text layer (ToUnicode) then says the glyph
 * shows those first characters. Since a font lives as long as the PDF thread, what a contract
 * reads back as (search, copy, screen readers) depended on what the thread drew before: after an
 * Arabic text with a final 'ى' drawn in another word, 'يلغى' read back as 'يلغ'. Every glyph a
 * layout asks for carries the characters it was asked for, as a view of the shared glyph.
 */
function glyphsOfTheirCharacters(font: ShapingFont): void {
  if (ownCharacterFonts.has(font)) return;
  ownCharacterFonts.add(font);
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, codePoints) => {
    const glyph = getGlyph(id, codePoints);
    if (!glyph || !codePoints || sameCodePoints(glyph.codePoints, codePoints)) return glyph;
    return Object.create(glyph, { codePoints: { value: codePoints } });
  };
}
const ownCharacterFonts = new WeakSet<ShapingFont>();
const sameCodePoints = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((codePoint, index) => codePoint === b[index]);

/**
 * fontkit reads a font's units per em through two getters and a table lookup, and the layout asks
 * for it for every glyph it measures: a plain value saves a few percent of every render.
 */
function fixUnitsPerEm(font: object): void {
  const { unitsPerEm } = font as { unitsPerEm: number };
  Object.defineProperty(font, 'unitsPerEm', { value: unitsPerEm });
}

/**
 * Optional ligatures off: 'fi' drawn as one glyph is read back as 'ﬁ' (U+FB01), so "Certificate"
 * would not be found by a search, and an Arabic ligature of yeh and noon is read back with its
 * letters swapped (a reader reverses right-to-left text glyph by glyph). Arabic keeps its required
 * ligatures (lam-alef, 'rlig'), and Indic conjuncts are not ligatures of this kind.
 */
function withoutLigatures(args: unknown[]): unknown[] {
  const [text, features, ...rest] = args;
  const chosen = Array.isArray(features)
    ? Object.fromEntries(features.map((tag) => [tag, true]))
    : ((features as Record<string, boolean> | undefined) ?? {});
  return [text, { ...chosen, liga: false, clig: false }, ...rest];
}

const shapingFonts = new WeakSet<ShapingFont>();
function keepMarkOffsets(font: ShapingFont, reversed: boolean): void {
  if (shapingFonts.has(font)) return;
  shapingFonts.add(font);
  const layout = font.layout.bind(font);
  font.layout = (...args: unknown[]) => {
    if (!reversed && typeof args[0] === 'string' && simpleText.test(args[0])) return setSimply(font, args[0]);
    // fontkit reuses position objects between layouts: nothing it returns is changed in place.
    const run = layout(...withoutLigatures(args));
    let baseAdvance = 0;
    let changed = false;
    const glyphs = run.glyphs.map((glyph, index) => {
      const position = run.positions[index];
      if (!position) return glyph;
      if (position.xAdvance !== 0) baseAdvance = position.xAdvance;
      if (!position.xOffset && !position.yOffset) return glyph;
      changed = true;
      const offset: MarkOffset = {
        x: position.xOffset + (reversed && position.xAdvance === 0 ? baseAdvance : 0),
        y: position.yOffset,
      };
      return Object.create(glyph, { markOffset: { value: offset } });
    });
    const spelled = reversed
      ? readableLigatures(glyphs)
      : spellWords(typeof args[0] === 'string' ? args[0] : '', glyphs);
    if (!changed && spelled === glyphs) return run;
    const view: ShapedRun = Object.create(run);
    view.glyphs = spelled;
    return view;
  };
}

/**
 * A ligature of right-to-left text (lam-alef 'لا') is one glyph for two letters. Readers take a
 * right-to-left line's characters in drawing order and reverse them, the letters of a ligature
 * too, so its characters are given in drawing order (last letter first) and come back as written.
 */
function readableLigatures(glyphs: object[]): object[] {
  let out = glyphs;
  glyphs.forEach((glyph, index) => {
    const codePoints = (glyph as { codePoints: number[] }).codePoints;
    if (codePoints.length < 2) return;
    if (out === glyphs) out = glyphs.slice();
    out[index] = Object.create(glyph, { codePoints: { value: [...codePoints].reverse() } });
  });
  return out;
}

/** The text of a word whose glyphs do not spell it in order; `single` when one glyph draws it all. */
export type WordText = { text: string; single: boolean };

/**
 * A PDF's text is its glyphs' characters in drawing order. Where shaping reorders or splits them
 * (Devanagari draws the vowel sign ि before its consonant and a reph after the syllable it sits
 * on; a font may draw 'ị' as 'i' and a dot), the first and last glyph of the word carry the word
 * as written, and the glyph writer marks the word with it (ActualText), which text extraction
 * and search read instead of the glyphs.
 */
function spellWords(text: string, glyphs: object[]): object[] {
  const words = text.split(' ');
  const isSpace = (glyph: object) => {
    const codePoints = (glyph as { codePoints: number[] }).codePoints;
    return codePoints.length === 1 && codePoints[0] === 0x20;
  };
  if (glyphs.filter(isSpace).length !== words.length - 1) return glyphs;
  let out = glyphs;
  let word = 0;
  let start = 0;
  const finish = (end: number) => {
    const written = (words[word] ?? '').normalize('NFC');
    const drawn = glyphs
      .slice(start, end)
      .map((glyph) => String.fromCodePoint(...(glyph as { codePoints: number[] }).codePoints))
      .join('')
      .normalize('NFC');
    if (end > start && drawn !== written) {
      if (out === glyphs) out = glyphs.slice();
      const span: WordText = { text: written, single: end - start === 1 };
      out[start] = Object.create(out[start] as object, { wordText: { value: span } });
      if (end - 1 > start)
        out[end - 1] = Object.create(out[end - 1] as object, { wordText: { value: span } });
    }
  };
  glyphs.forEach((glyph, index) => {
    if (!isSpace(glyph)) return;
    finish(index);
    word += 1;
    start = index + 1;
  });
  finish(glyphs.length);
  return out;
}
