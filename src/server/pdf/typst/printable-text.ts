import { readFileSync } from 'node:fs';
import * as fontkit from 'fontkit';
import { families } from '../font-files';
import { toPdfText } from '../pdf-text';

/**
 * Text as the PDFs print it: `toPdfText`'s clean-up, and every character none of the fonts has
 * (an emoji, a script Pactum ships no font for) shown as a white square. A PDF/A file may not
 * draw a missing glyph, and Typst refuses the whole document over one; the square says where a
 * character was, as a viewer's missing-glyph box would.
 */

const missing = '\u25a1';

/** Characters that print nothing of their own: the joiners and the variation selectors. */
const zeroWidth = (codePoint: number) =>
  codePoint === 0x200c ||
  codePoint === 0x200d ||
  (codePoint >= 0xfe00 && codePoint <= 0xfe0f) ||
  (codePoint >= 0xe0100 && codePoint <= 0xe01ef);

let covered: Set<number> | undefined;

/** What the fonts cover, read once per thread from each family's regular face (about 0.3 s). */
function coverage(): Set<number> {
  if (covered) return covered;
  const all = new Set<number>();
  for (const faces of Object.values(families)) {
    const regular = faces()[0];
    if (!regular) continue;
    const font = fontkit.create(readFileSync(regular.file)) as unknown as { characterSet: number[] };
    for (const codePoint of font.characterSet) all.add(codePoint);
  }
  covered = all;
  return all;
}

const newline = 0x0a;
const plainAscii = /^[\x20-\x7e\n]*$/;

export function printable(text: string): string {
  const clean = toPdfText(text);
  // Every font's first family covers printable ASCII: most texts need no look-up at all.
  if (plainAscii.test(clean)) return clean;
  const fonts = coverage();
  let out: string[] | undefined;
  let at = 0;
  for (const char of clean) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (codePoint === newline || fonts.has(codePoint) || zeroWidth(codePoint)) {
      out?.push(char);
    } else {
      out ??= [clean.slice(0, at)];
      out.push(missing);
    }
    at += char.length;
  }
  return out ? out.join('') : clean;
}
