import type { ListNumberType } from '../ordered-list';

/** What the marker typed before a list item says about its list. */
export type ListMarker =
  | { kind: 'bullet' }
  | { kind: 'ordered'; type: ListNumberType; value: number | null; legal: boolean };

const romanValues: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };
const romanPattern = /^m{0,3}(cm|cd|d?c{0,3})(xc|xl|l?x{0,3})(ix|iv|v?i{0,3})$/i;

/** The value of a roman numeral, or null when the letters are not one. */
export function romanValue(text: string): number | null {
  if (text.length === 0 || text.length > 12 || !romanPattern.test(text)) return null;
  let total = 0;
  const lower = text.toLowerCase();
  for (let index = 0; index < lower.length; index += 1) {
    const value = romanValues[lower[index] as string] as number;
    const next = romanValues[lower[index + 1] as string] ?? 0;
    total += value < next ? -value : value;
  }
  return total;
}

/** a → 1, z → 26, aa → 27 (as Word and the browsers letter past z). */
function letterValue(text: string): number {
  const letter = text.toLowerCase().charCodeAt(0) - 96;
  return letter + 26 * (text.length - 1);
}

/**
 * Reads a list marker as Word types it before an item ("1.", "a)", "(iv)", "1.1.", "·", "§").
 * One letter is read as a letter, except i and I, which start roman lists far more often than
 * they are the ninth letter; the list definitions, when the clipboard has them, decide instead.
 */
export function parseListMarker(raw: string): ListMarker | null {
  const text = raw.replace(/[\s\u00a0]+/g, '');
  if (text.length === 0) return null;
  if (text.length === 1 && !/[0-9a-np-z]/i.test(text)) return { kind: 'bullet' };
  if (text.length > 24) return null;
  const match = /^[([]?([0-9]+(?:\.[0-9]+)*|[a-z]{1,4})[.)\]:]?$/i.exec(text);
  if (!match) return null;
  const body = match[1] as string;
  if (/^[0-9]/.test(body)) {
    const numbers = body.split('.');
    const value = Number(numbers[numbers.length - 1]);
    return { kind: 'ordered', type: '1', value, legal: numbers.length > 1 };
  }
  const upper = body === body.toUpperCase();
  const roman = romanValue(body);
  const isRoman = roman !== null && (body.length > 1 || /^i$/i.test(body));
  if (isRoman) return { kind: 'ordered', type: upper ? 'I' : 'i', value: roman, legal: false };
  if (body.length > 1 && !/^(.)\1*$/.test(body)) return null;
  return { kind: 'ordered', type: upper ? 'A' : 'a', value: letterValue(body), legal: false };
}

/**
 * The number a marker stands for in a list of a known type ("i." is 9 in a letter list and 1 in
 * a roman one), or null when the marker is not of that type.
 */
export function markerValue(raw: string, type: ListNumberType): number | null {
  const body = /([0-9]+|[a-z]{1,4})[.)\]:]?$/i.exec(raw.replace(/[\s\u00a0]+/g, ''))?.[1];
  if (!body) return null;
  if (type === '1') return /^[0-9]+$/.test(body) ? Number(body) : null;
  if (!/^[a-z]+$/i.test(body)) return null;
  if (type === 'i' || type === 'I') return romanValue(body);
  return body.length === 1 || /^(.)\1*$/.test(body) ? letterValue(body) : null;
}

/** CSS list-style-type names and Word's mso-level-number-format values, as an ordered list's type. */
export function numberTypeOf(format: string): ListNumberType | 'bullet' | null {
  switch (format.trim().toLowerCase()) {
    case 'decimal':
    case 'decimal-leading-zero':
      return '1';
    case 'lower-alpha':
    case 'lower-latin':
    case 'alpha-lower':
      return 'a';
    case 'upper-alpha':
    case 'upper-latin':
    case 'alpha-upper':
      return 'A';
    case 'lower-roman':
    case 'roman-lower':
      return 'i';
    case 'upper-roman':
    case 'roman-upper':
      return 'I';
    case 'disc':
    case 'circle':
    case 'square':
    case 'bullet':
    case 'image':
      return 'bullet';
    default:
      return null;
  }
}
