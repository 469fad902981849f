import { PdfDict, PdfStream } from '@libpdf/core';

/** One character code of a shown string: where its bytes are, and the text it stands for. */
export type ShownCode = { from: number; to: number; text: string };

/** Reads the codes of a string shown in a font into the text they stand for. */
export type CodeReader = (bytes: Uint8Array) => ShownCode[];

type Resolve = Parameters<PdfDict['get']>[1];

/**
 * How a font's strings read as text: composite fonts (Type0, as Chromium and Word write them)
 * by two-byte codes, simple fonts by one byte, each mapped by the font's /ToUnicode when it has
 * one, else a simple font's byte as Latin-1 (right for the ASCII of a text tag) and a composite
 * font's code as nothing readable.
 */
export function codeReaderOf(font: PdfDict | undefined, resolve: Resolve): CodeReader {
  const composite = font?.getName('Subtype', resolve)?.value === 'Type0';
  const width = composite ? 2 : 1;
  const toUnicode = font?.get('ToUnicode', resolve);
  const map = toUnicode instanceof PdfStream ? unicodeMapOf(toUnicode) : null;
  return (bytes) => {
    const codes: ShownCode[] = [];
    for (let from = 0; from + width <= bytes.length; from += width) {
      const code = width === 2 ? ((bytes[from] ?? 0) << 8) | (bytes[from + 1] ?? 0) : (bytes[from] ?? 0);
      const text = map?.get(code) ?? (composite ? '\ufffd' : String.fromCharCode(code));
      codes.push({ from, to: from + width, text });
    }
    return codes;
  };
}

const utf16 = (hex: string) => {
  const bytes = Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex');
  let text = '';
  for (let index = 0; index + 1 < bytes.length; index += 2)
    text += String.fromCharCode(bytes.readUInt16BE(index));
  return text;
};

/** The most codes a /ToUnicode map is read for: every two-byte code, once (a hostile map repeats ranges). */
const mappedCodes = 2 * 0x10000;

/** A /ToUnicode CMap's bfchar and bfrange entries, as code → text. */
function unicodeMapOf(stream: PdfStream): Map<number, string> {
  const map = new Map<number, string>();
  let budget = 0;
  let text: string;
  try {
    text = Buffer.from(stream.getDecodedData()).toString('latin1');
  } catch {
    return map;
  }
  for (const section of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code = '', unicode = ''] of (section[1] ?? '').matchAll(/<([0-9a-f]+)>\s*<([0-9a-f]*)>/gi))
      map.set(Number.parseInt(code, 16), utf16(unicode));
  }
  for (const section of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    const body = section[1] ?? '';
    for (const [, low = '', high = '', target = ''] of body.matchAll(
      /<([0-9a-f]+)>\s*<([0-9a-f]+)>\s*(<[0-9a-f]*>|\[[^\]]*\])/gi,
    )) {
      const first = Number.parseInt(low, 16);
      const last = Math.min(Number.parseInt(high, 16), 0xffff, first + mappedCodes - budget);
      budget += Math.max(0, last - first + 1);
      if (budget >= mappedCodes) break;
      if (target.startsWith('[')) {
        const items = [...target.matchAll(/<([0-9a-f]*)>/gi)].map((item) => utf16(item[1] ?? ''));
        items.forEach((item, index) => {
          if (first + index <= last) map.set(first + index, item);
        });
      } else {
        const base = utf16(target.slice(1, -1));
        const lastUnit = base.charCodeAt(base.length - 1);
        for (let code = first; code <= last; code++)
          map.set(code, base.slice(0, -1) + String.fromCharCode(lastUnit + (code - first)));
      }
    }
  }
  return map;
}

/** The font a page's resources name (`/F1`), if any. */
export function fontNamed(
  resources: PdfDict | undefined,
  name: string,
  resolve: Resolve,
): PdfDict | undefined {
  const fonts = resources?.get('Font', resolve);
  if (!(fonts instanceof PdfDict)) return undefined;
  const font = fonts.get(name.replace(/^\//, ''), resolve);
  return font instanceof PdfDict ? font : undefined;
}
