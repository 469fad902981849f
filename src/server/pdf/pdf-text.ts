/**
 * Text helpers shared by the PDF documents. The PDFs embed fonts covering every script a contract
 * may hold (font-files.ts), so text is printed as written: only characters that print nothing, or
 * that the layout engine mishandles, are changed.
 */

/**
 * Zero-width space, word joiner, byte order mark and soft hyphen: invisible, and the layout engine
 * would show them as a missing glyph. ZWJ and ZWNJ stay: Arabic, Persian and Devanagari need them
 * to choose a letter's form.
 */
const invisible = /[\u200b\u2060\ufeff\u00ad]/g;
/**
 * Other C0/C1 controls, and bidi embedding controls (the layout runs its own bidi pass), dropped.
 * Tab and newline are handled by the caller.
 */
const isControl = (code: number) =>
  (code < 0x20 && code !== 0x09 && code !== 0x0a) ||
  (code >= 0x7f && code <= 0x9f) ||
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2066 && code <= 0x2069);
const plainAscii = /^[\x20-\x7e]*$/;

/**
 * The text to print: composed (NFC, so 'Z' + combining dot prints as the one 'Ż' every font has),
 * invisible characters dropped, tabs as four spaces (the layout engine drops tabs). Newlines stay
 * (hard breaks and code lines).
 */
export function toPdfText(text: string): string {
  if (plainAscii.test(text)) return text;
  let out = '';
  for (const char of text.normalize('NFC').replace(invisible, '')) {
    if (!isControl(char.codePointAt(0) ?? 0)) out += char;
  }
  return out.replaceAll('\t', '    ');
}

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
