/**
 * Text helpers shared by the PDF documents. The PDFs use only the standard 14 fonts (nothing to
 * ship, nothing to fetch), which pdfkit writes in WinAnsi encoding: any other character would come
 * out as unrelated glyphs, so text is mapped onto WinAnsi first.
 */

/** The characters WinAnsi adds in 0x80–0x9F on top of Latin-1. */
const winAnsiExtras = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Common characters whose decomposition does not land in WinAnsi but have an obvious stand-in. */
const substitutes: Record<string, string> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2015': '—',
  '\u2212': '-',
  '\u2032': "'",
  '\u2033': '"',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2190': '<-',
  '\u2192': '->',
  '\u2194': '<->',
  '\u21d2': '=>',
  '\u25cf': '•',
  '\u2023': '•',
  '\u2043': '-',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ı: 'i',
  ħ: 'h',
  Ħ: 'H',
  ŧ: 't',
  Ŧ: 'T',
  ŀ: 'l',
  Ŀ: 'L',
  ĸ: 'k',
  ŉ: "'n",
};

/** Zero-width and joiner characters: invisible, so they are dropped rather than shown as '?'. */
const invisible = /[\u200b-\u200d\u2060\ufeff\u00ad]/;
const spaceLike = /[\u2000-\u200a\u202f\u205f\u3000]/;
const combiningMarks = /\p{M}/gu;
const plainAscii = /^[\x20-\x7e]*$/;

const isWinAnsi = (char: string): boolean => {
  const code = char.codePointAt(0) ?? 0;
  return (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || winAnsiExtras.has(char);
};

/**
 * Maps text onto what the standard fonts can show: WinAnsi characters stay, accented letters
 * outside it lose their accent, typographic look-alikes become their ASCII form, and anything else
 * becomes '?', so a contract never silently shows a different character. Newlines stay (hard
 * breaks and code lines); tabs become spaces, since the layout engine drops them.
 */
export function toPdfText(text: string): string {
  if (plainAscii.test(text)) return text;
  let out = '';
  for (const char of text.normalize('NFC')) {
    if (isWinAnsi(char) || char === '\n') out += char;
    else if (char === '\t') out += '    ';
    else if (invisible.test(char)) continue;
    else if (spaceLike.test(char)) out += ' ';
    else if (substitutes[char] !== undefined) out += substitutes[char];
    else if ((char.codePointAt(0) ?? 0) < 0x20 || (char.codePointAt(0) ?? 0) === 0x7f) continue;
    else out += fallback(char);
  }
  return out;
}

function fallback(char: string): string {
  // Compatibility decomposition turns 'ğ' into 'g', 'ﬁ' into 'fi', '①' into '1', full-width forms into ASCII.
  const decomposed = char.normalize('NFKD').replace(combiningMarks, '');
  if (decomposed.length > 0 && [...decomposed].every(isWinAnsi)) return decomposed;
  return '?';
}

/** Helvetica's advance widths (thousandths of an em) for ASCII 32–126, from its AFM metrics. */
const helveticaWidths = [
  278, 278, 355, 556, 556, 889, 667, 222, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278,
  500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469,
  556, 222, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500,
  278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];

/**
 * Width of text in points, slightly overestimated (bold is up to 10% wider than regular Helvetica,
 * and letters outside ASCII are taken as wide ones): it only decides where a word may break.
 */
export function textWidth(text: string, fontSize: number, mono = false): number {
  if (mono) return text.length * 0.6 * fontSize;
  let units = 0;
  for (const char of text) units += helveticaWidths[(char.codePointAt(0) ?? 0) - 32] ?? 780;
  return (units / 1000) * fontSize * 1.1;
}

/**
 * A react-pdf hyphenation callback that keeps every word that fits in `maxWidth` whole (hyphenated
 * legal text reads badly and defeats search) and cuts longer ones (URLs, account numbers) into
 * pieces that fit: a word wider than its line with no break point runs off the page or into the
 * next column. React-pdf hyphenates every word by default and adds a hyphen at such a break, so
 * the pieces leave room for it.
 */
export function wordBreaker(maxWidth: number, fontSize: number, mono = false): (word: string) => string[] {
  const room = maxWidth - textWidth('-', fontSize, mono);
  return (word) => {
    if (textWidth(word, fontSize, mono) <= maxWidth) return [word];
    const parts: string[] = [];
    let piece = '';
    let width = 0;
    for (const char of word) {
      const advance = textWidth(char, fontSize, mono);
      if (piece && width + advance > room) {
        parts.push(piece);
        piece = '';
        width = 0;
      }
      piece += char;
      width += advance;
    }
    if (piece) parts.push(piece);
    return parts;
  };
}

/**
 * Use with wordBreaker: a penalty just below react-pdf's "never" threshold, so a word is only
 * broken when its line can be set no other way.
 */
export const longWordPenalty = 9_999;

/**
 * Hard-wraps text for a monospaced column of known width: greedily at spaces, and inside tokens
 * longer than a line without adding a hyphen (an IP address or user agent must read exactly as
 * recorded).
 */
export function wrapMonospace(text: string, charsPerLine: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= charsPerLine) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (rest.length > charsPerLine) {
      lines.push(rest.slice(0, charsPerLine));
      rest = rest.slice(charsPerLine);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines.join('\n');
}

/** The number of an ordered-list item in the style of the list's `type` attribute (as HTML's <ol type>). */
export function listNumber(value: number, kind: string): string {
  if (value <= 0 || kind === '1') return String(value);
  if (kind === 'a' || kind === 'A') {
    let letters = '';
    for (let n = value; n > 0; n = Math.floor((n - 1) / 26)) {
      letters = String.fromCharCode(97 + ((n - 1) % 26)) + letters;
    }
    return kind === 'A' ? letters.toUpperCase() : letters;
  }
  if ((kind === 'i' || kind === 'I') && value < 4000) {
    const roman = toRoman(value);
    return kind === 'i' ? roman.toLowerCase() : roman;
  }
  return String(value);
}

const romanDigits: Array<[number, string]> = [
  [1000, 'M'],
  [900, 'CM'],
  [500, 'D'],
  [400, 'CD'],
  [100, 'C'],
  [90, 'XC'],
  [50, 'L'],
  [40, 'XL'],
  [10, 'X'],
  [9, 'IX'],
  [5, 'V'],
  [4, 'IV'],
  [1, 'I'],
];

function toRoman(value: number): string {
  let rest = value;
  let out = '';
  for (const [amount, digits] of romanDigits) {
    while (rest >= amount) {
      out += digits;
      rest -= amount;
    }
  }
  return out;
}

/** '2026-11-22 10:05:09 UTC': sortable like ISO 8601, readable, and the same on every server. */
export function formatUtc(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** '22 November 2026' in UTC, without depending on the server's locale data. */
export function formatLongDate(date: Date): string {
  return `${date.getUTCDate()} ${months[date.getUTCMonth()]} ${date.getUTCFullYear()}`;
}
