import { PDFPage, PdfDict, PdfRef, PdfStream } from '@libpdf/core';
// The extraction reads each font's /ToUnicode map with the one bounded reader (its hook).
import '../pdf/unicode-map';

/** A character's box on its page, in PDF points (origin bottom left). */
export type CharacterBox = { x: number; y: number; width: number; height: number };

/** A page's fonts by resource name, as @libpdf/core's text extraction asks for them. */
type FontResolver = (name: string) => object | null;

/**
 * What @libpdf/core (0.4.2) uses to extract a page's text: private in its types, so they are
 * named here, and the tag reader's tests compare what it finds with `page.findText`.
 */
type PageInternals = {
  getContentBytes(): Uint8Array;
  createFontResolver(): FontResolver;
  resolveInheritedResources(): PdfDict | null;
  ctx: { resolve(ref: PdfRef): unknown };
};

type Extracted = {
  lines: { spans: { chars: { bbox: CharacterBox; sequenceIndex?: number }[] }[] }[];
};

/** The page's decoded content (all its content streams, as the text extraction reads them). */
export const pageContent = (page: PDFPage): Uint8Array =>
  (page as unknown as PageInternals).getContentBytes();

/** The page's fonts, read once for every pass over its text. */
export const pageFonts = (page: PDFPage): FontResolver =>
  (page as unknown as PageInternals).createFontResolver();

/**
 * Runs @libpdf/core's text extraction over `content` with the page's `fonts`, each character it
 * decodes passing through `pick` in the content's order: only the characters picked are kept and
 * measured, the others only move the pen as they would. Returns each kept character's box, by the
 * order it was picked in. The extraction groups the characters it keeps into lines in time growing
 * with the square of their number, so a caller keeps only the few it must measure; a `pick` that
 * keeps none reads the text in time growing with the content alone.
 */
export function extractCharacters(
  content: Uint8Array,
  fonts: FontResolver,
  pick: (char: string) => boolean,
): CharacterBox[] {
  const picking = new Map<object, object>();
  const resolver: FontResolver = (name) => {
    const font = fonts(name);
    if (!font) return font;
    let wrapped = picking.get(font);
    if (!wrapped) {
      wrapped = new Proxy(font, {
        get(target, property) {
          const value = Reflect.get(target, property, target);
          if (property === 'toUnicode' && typeof value === 'function') {
            const toUnicode = value as (code: number) => string | null | undefined;
            return (code: number) => {
              const char = toUnicode.call(target, code);
              return char && pick(char) ? char : null;
            };
          }
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      picking.set(font, wrapped);
    }
    return wrapped;
  };
  // The extraction reads only these of a page (and its size, for its answer, unused here).
  const reader = {
    index: 0,
    width: 0,
    height: 0,
    getContentBytes: () => content,
    createFontResolver: () => resolver,
  };
  const extracted = PDFPage.prototype.extractText.call(reader as unknown as PDFPage) as unknown as Extracted;
  const boxes: CharacterBox[] = [];
  for (const line of extracted.lines) {
    for (const span of line.spans) {
      for (const char of span.chars) {
        // A space the extraction adds between words has a fractional index: it was not picked.
        const order = char.sequenceIndex;
        if (order !== undefined && Number.isInteger(order)) boxes[order] = char.bbox;
      }
    }
  }
  return boxes;
}

/**
 * The page's text laid out by @libpdf/core: its lines top to bottom, a space wherever words stand
 * apart. The layout takes time growing with the square of a line's characters, so a caller lays
 * out only a page whose characters it has counted first (`extractCharacters` with a `pick` that
 * keeps none).
 */
export function pageLines(content: Uint8Array, fonts: FontResolver): string[] {
  const reader = {
    index: 0,
    width: 0,
    height: 0,
    getContentBytes: () => content,
    createFontResolver: () => fonts,
  };
  const extracted = PDFPage.prototype.extractText.call(reader as unknown as PDFPage) as unknown as {
    lines: { text: string }[];
  };
  return extracted.lines.map((line) => line.text);
}

/** A form XObject a page draws: its own content, and the fonts of its resources. */
export type PageForm = { content: Uint8Array; fonts: FontResolver };

/**
 * The form XObjects among the page's resources, at most `most`, each read when it is called (its
 * content decoded within the task's decode budget, its fonts parsed): @libpdf/core's text
 * extraction does not enter them (`Do`), and some producers (OCR tools laying text over a scan,
 * pages imposed or imported whole, as qpdf's overlay and LaTeX's pdfpages do) put a page's every
 * word in one. One level only: a form's own forms are not read.
 */
export function pageForms(page: PDFPage, most: number): (() => PageForm)[] {
  const internals = page as unknown as PageInternals;
  const resolve = (ref: PdfRef) => internals.ctx.resolve(ref);
  const objects = internals.resolveInheritedResources()?.getDict('XObject', resolve as never);
  const forms: (() => PageForm)[] = [];
  if (!objects) return forms;
  for (const [, entry] of objects) {
    if (forms.length >= most) break;
    const object = entry instanceof PdfRef ? resolve(entry) : entry;
    if (!(object instanceof PdfStream) || object.getName('Subtype')?.value !== 'Form') continue;
    forms.push(() => {
      const resources = object.getDict('Resources', resolve as never) ?? new PdfDict();
      const form = { ctx: internals.ctx, resolveInheritedResources: () => resources };
      const fonts = (PDFPage.prototype as unknown as PageInternals).createFontResolver.call(form);
      return { content: object.getDecodedData(), fonts };
    });
  }
  return forms;
}
