import { printable } from './typst/printable-text';
import { compileTypst } from './typst/typst-compiler';

/** A value to draw in a field's box: text, a mark, or a picture (a signature, a stamp). */
export type DrawnValue =
  | { kind: 'text'; text: string; multiline: boolean }
  | { kind: 'check' }
  /** A radio button chosen: a dot in its circle, as a form's own radio buttons are marked. */
  | { kind: 'dot' }
  | { kind: 'image'; image: Uint8Array; format: 'png' | 'jpg' };

/** A filled field: its box in fractions of its page as it shows, and what to draw there. */
export type DrawnField = {
  x: number;
  y: number;
  width: number;
  height: number;
  value: DrawnValue;
};

/** One page's overlay: the page's size as it shows, in points, and its fields. */
export type OverlayPage = { width: number; height: number; fields: DrawnField[] };

/** Roughly how wide a text sets, in ems: wide for Han, kana and Hangul, about half an em for the rest. */
function widthInEms(text: string): number {
  let ems = 0;
  for (const char of text)
    ems += /[\u1100-\u11ff\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/u.test(char) ? 1 : 0.6;
  return ems;
}

/** The largest size a value is set at, as a form field's own text is, and the least, still legible. */
export const textSizes = { largest: 11, least: 4 } as const;
/** Lines are this many times their size apart. */
const lineHeight = 1.15;
/** Room kept clear at a box's left and right edges, in points (less in a box only a few points wide). */
const sidePadding = (width: number) => Math.min(2, width * 0.05);

/** How many lines a text wraps to at a size, in a width (an estimate, by widthInEms). */
function linesAt(text: string, size: number, width: number): number {
  let lines = 0;
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    let used = 0;
    lines += 1;
    for (const word of paragraph.split(/(?<=\s)/)) {
      const wide = widthInEms(word) * size;
      if (used > 0 && used + wide > width) {
        lines += Math.max(1, Math.ceil(wide / width));
        used = wide % width;
      } else used += wide;
    }
  }
  return lines;
}

/**
 * How a text is set in its box: on one line as large as the box allows up to 11 pt; smaller until
 * it fits the box's width, down to 4 pt; past that (and for a field of several lines) wrapped at
 * the largest size whose lines fit the box's height, down to 4 pt; what still does not fit is
 * clipped at the box's edges, its words still all in the page's text (pdftotext reads them).
 */
export function textLayout(
  text: string,
  box: { width: number; height: number },
  multiline: boolean,
): { size: number; wrap: boolean } {
  const width = Math.max(1, box.width - 2 * sidePadding(box.width));
  const { largest, least } = textSizes;
  if (!multiline && !/[\r\n]/.test(text)) {
    const fitsWidth = width / Math.max(1, widthInEms(text));
    const size = Math.min(largest, box.height / lineHeight, fitsWidth);
    if (fitsWidth >= least) return { size: Math.max(least, size), wrap: false };
  }
  for (let size = largest; size > least; size -= 0.5) {
    if (linesAt(text, size, width) * size * lineHeight <= box.height) return { size, wrap: true };
  }
  return { size: least, wrap: true };
}

/**
 * The values of a document's filled fields as transparent pages of the same sizes
 * (`pdf-templates/field-overlay.typ`), drawn with the fonts every Pactum PDF embeds (so a name in
 * Arabic or Chinese prints right and reads back with pdftotext); draw-fields.ts lays each one
 * over its page. The sizes and line breaks are chosen here (textLayout), the drawing is Typst's.
 */
export async function renderFieldOverlay(pages: OverlayPage[]): Promise<Uint8Array> {
  const pictures: { name: string; bytes: Uint8Array }[] = [];
  const data = {
    pages: pages.map((page) => ({
      width: page.width,
      height: page.height,
      fields: page.fields.map((field) => {
        const box = { width: field.width * page.width, height: field.height * page.height };
        return {
          x: field.x * page.width,
          y: field.y * page.height,
          w: box.width,
          h: box.height,
          value: drawnValue(field.value, box, pictures),
        };
      }),
    })),
  };
  return new Uint8Array(compileTypst('field-overlay', data, { pictures, tags: false }).pdf);
}

function drawnValue(
  value: DrawnValue,
  box: { width: number; height: number },
  pictures: { name: string; bytes: Uint8Array }[],
) {
  if (value.kind === 'image') {
    const name = `picture-${pictures.length + 1}.${value.format}`;
    pictures.push({ name, bytes: value.image });
    return { kind: 'image', picture: name };
  }
  if (value.kind !== 'text') return { kind: value.kind };
  const { size, wrap } = textLayout(value.text, box, value.multiline);
  const padding = sidePadding(box.width);
  const lines = wrap ? Math.max(1, linesAt(value.text, size, box.width - 2 * padding)) : 1;
  const text = printable(value.text);
  return {
    kind: 'text',
    size,
    wrap,
    padding,
    top: Math.max(0, (box.height - lines * size * lineHeight) / 2),
    text: wrap ? text : text.replace(/\s+/g, ' '),
  };
}
