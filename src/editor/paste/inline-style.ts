/**
 * Reads the declarations of a style attribute. Only what the clean-up asks for is looked at,
 * by exact property name, so `mso-bidi-font-weight` never passes for `font-weight`.
 */
export function styleDeclarations(style: string | null): Map<string, string> {
  const declarations = new Map<string, string>();
  if (!style) return declarations;
  for (const part of style.slice(0, 10_000).split(';')) {
    const colon = part.indexOf(':');
    if (colon <= 0) continue;
    const name = part.slice(0, colon).trim().toLowerCase();
    const value = part
      .slice(colon + 1)
      .trim()
      .toLowerCase();
    if (name && value) declarations.set(name, value);
  }
  return declarations;
}

/** The marks a paste keeps, as they apply to a run of text. */
export type TextMarks = {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  strike: boolean;
  code: boolean;
  link: string | null;
};

export const noMarks: TextMarks = {
  bold: false,
  italic: false,
  underline: false,
  strike: false,
  code: false,
  link: null,
};

/** font-weight as bold or not; undefined when the value says neither. */
export function isBoldWeight(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (value === 'bold' || value === 'bolder') return true;
  if (value === 'normal' || value === 'lighter') return false;
  const weight = Number.parseInt(value, 10);
  return Number.isFinite(weight) ? weight >= 600 : undefined;
}

/**
 * The marks inside an element whose style is given, from the marks around it. Inline styles are
 * how Google Docs, Chromium's copy and Word carry formatting; a value that cancels a mark (Google
 * Docs' `<b style="font-weight:normal">` wrapper around everything) cancels it.
 */
export function marksFromStyle(marks: TextMarks, style: Map<string, string>): TextMarks {
  let next = marks;
  const bold = isBoldWeight(style.get('font-weight'));
  if (bold !== undefined && bold !== next.bold) next = { ...next, bold };
  const fontStyle = style.get('font-style');
  if (fontStyle !== undefined) {
    const italic = fontStyle.startsWith('italic') || fontStyle.startsWith('oblique');
    if (italic !== next.italic) next = { ...next, italic };
  }
  const decoration = style.get('text-decoration-line') ?? style.get('text-decoration');
  if (decoration !== undefined) {
    const underline = decoration.includes('underline');
    const strike = decoration.includes('line-through');
    // "initial" and the like say nothing; "none" clears both.
    if (underline || strike || decoration.startsWith('none')) {
      if (underline !== next.underline || strike !== next.strike) next = { ...next, underline, strike };
    }
  }
  return next;
}

/** text-align of a paragraph, heading or cell, as the schema knows it; null for the default. */
export function alignmentOf(
  style: Map<string, string>,
  alignAttribute: string | null,
): 'center' | 'right' | 'justify' | null {
  const value = (style.get('text-align') ?? alignAttribute ?? '').trim().toLowerCase();
  if (value === 'center' || value === '-webkit-center' || value === 'middle') return 'center';
  if (value === 'right' || value === 'end' || value === '-webkit-right') return 'right';
  if (value === 'justify') return 'justify';
  return null;
}
