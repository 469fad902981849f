/**
 * The one reader of a font's /ToUnicode CMap (which text each character code stands for), for the
 * tag remover (text-codes.ts) and, through the hook below, for @libpdf/core's text extraction,
 * which the tag reader runs (uploads/page-characters.ts). @libpdf/core 0.4.2 reads a map with
 * regular expressions that scan from every `beginbfchar` to the map's end when no `endbfchar`
 * follows (8,000 of them in a 1.4 KB file held the tag thread 5.6 s, 16,000 past its limit) and
 * expands each range of up to 16 million codes (three such lines held it 46 s, in one synchronous
 * call that no time limit interrupts). It is patched (patches/) to ask the hook for the map when
 * one is installed, as importing this module does.
 */

const utf16 = (hex: string) => {
  const bytes = Buffer.from(hex.length % 2 ? `${hex}0` : hex, 'hex');
  let text = '';
  for (let index = 0; index + 1 < bytes.length; index += 2)
    text += String.fromCharCode(bytes.readUInt16BE(index));
  return text;
};

/** The most codes a /ToUnicode map is read for: every two-byte code, once (a hostile map repeats ranges). */
const mappedCodes = 2 * 0x10000;
/**
 * The most of a /ToUnicode map that is read (a real one, even a whole CJK font's, is a few hundred
 * kilobytes), and the most UTF-16 units one code may stand for (a ligature is a few): a 5 KB file
 * mapping one code to 100,000 characters, shown 2,000 times, ran the PDF thread out of heap.
 */
const mapBytes = 4 * 1024 * 1024;
const unitsPerCode = 16;

type CmapToken =
  | { kind: 'hex'; value: string }
  | { kind: 'open' }
  | { kind: 'close' }
  | { kind: 'word'; value: string };

/**
 * A CMap's tokens, in one pass: hex strings, array brackets and words (dictionaries and names are
 * read as words and skipped). Linear in the text however it is written: a regular expression over
 * a section with an unclosed `[` scanned to the section's end from every one (100,000 of them in a
 * 3 KB file held the PDF thread 53 s).
 */
function* cmapTokens(text: string): Generator<CmapToken> {
  let at = 0;
  while (at < text.length) {
    const char = text[at] as string;
    if (char <= ' ') {
      at++;
    } else if (char === '<' && text[at + 1] === '<') {
      at += 2;
    } else if (char === '<') {
      const end = text.indexOf('>', at + 1);
      if (end < 0) return;
      yield { kind: 'hex', value: text.slice(at + 1, end).replace(/\s+/g, '') };
      at = end + 1;
    } else if (char === '[' || char === ']') {
      yield char === '[' ? { kind: 'open' } : { kind: 'close' };
      at++;
    } else {
      let end = at + 1;
      while (end < text.length && !' \t\r\n\f\0<>[]'.includes(text[end] as string)) end++;
      yield { kind: 'word', value: text.slice(at, end) };
      at = end;
    }
  }
}

const isHex = (value: string) => /^[0-9a-f]*$/i.test(value);

/**
 * A /ToUnicode CMap's bfchar and bfrange entries, as code → text: in one pass over its tokens,
 * at most `mappedCodes` codes, each to at most `unitsPerCode` UTF-16 units.
 */
export function readUnicodeMap(bytes: Uint8Array): Map<number, string> {
  const map = new Map<number, string>();
  if (bytes.length > mapBytes) return map;
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  let budget = 0;
  let section: 'bfchar' | 'bfrange' | null = null;
  let operands: string[] = [];
  let array: string[] | null = null;
  const mapped = (hex: string) => (isHex(hex) && hex.length <= 4 * unitsPerCode ? utf16(hex) : null);
  const range = (low: string, high: string, targets: string | string[]) => {
    if (!isHex(low) || !isHex(high)) return;
    const first = Number.parseInt(low, 16);
    const last = Math.min(Number.parseInt(high, 16), 0xffff, first + mappedCodes - budget);
    if (!(last >= first)) return;
    budget += last - first + 1;
    if (Array.isArray(targets)) {
      targets.forEach((target, index) => {
        const unicode = mapped(target);
        if (unicode !== null && first + index <= last) map.set(first + index, unicode);
      });
      return;
    }
    const base = mapped(targets);
    if (!base) return;
    const lastUnit = base.charCodeAt(base.length - 1);
    for (let code = first; code <= last; code++)
      map.set(code, base.slice(0, -1) + String.fromCharCode(lastUnit + (code - first)));
  };
  for (const token of cmapTokens(text)) {
    if (budget >= mappedCodes) break;
    if (token.kind === 'word') {
      section = token.value === 'beginbfchar' ? 'bfchar' : token.value === 'beginbfrange' ? 'bfrange' : null;
      operands = [];
      array = null;
    } else if (section === null) {
      // Outside a section (codespace ranges, dictionaries): nothing to read.
    } else if (token.kind === 'open') {
      array = operands.length === 2 ? [] : null;
    } else if (token.kind === 'close') {
      if (array && section === 'bfrange') range(operands[0] ?? '', operands[1] ?? '', array);
      operands = [];
      array = null;
    } else if (array) {
      if (array.length < 256) array.push(token.value);
    } else {
      operands.push(token.value);
      if (section === 'bfchar' && operands.length === 2) {
        const [code = '', unicode = ''] = operands;
        const value = mapped(unicode);
        if (isHex(code) && value !== null) map.set(Number.parseInt(code, 16), value);
        budget += 1;
        operands = [];
      } else if (section === 'bfrange' && operands.length === 3) {
        range(operands[0] ?? '', operands[1] ?? '', operands[2] ?? '');
        operands = [];
      }
    }
  }
  return map;
}

const hookKey = Symbol.for('pdf.unicodeMap');
(globalThis as Record<symbol, unknown>)[hookKey] = readUnicodeMap;
