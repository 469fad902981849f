import { PdfDict, PdfStream } from '@libpdf/core';
import { readUnicodeMap } from './unicode-map';

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

/** A /ToUnicode CMap's entries, as code → text (none when the map cannot be decoded). */
function unicodeMapOf(stream: PdfStream): Map<number, string> {
  try {
    return readUnicodeMap(stream.getDecodedData());
  } catch {
    return new Map();
  }
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
