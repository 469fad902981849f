import { type FieldOptionsShape, mostCharacters } from './definition-problems';
import { type FieldType, fieldKinds } from './field-kinds';
import { fieldLimits, imagePixelsWritten, pictureLimits } from './field-limits';

/** A date as a field holds it: YYYY-MM-DD, a real day. */
const isoDate = /^\d{4}-\d{2}-\d{2}$/;
export const isDate = (text: string) => isoDate.test(text) && !Number.isNaN(Date.parse(text));

/** An e-mail address as Pactum checks one (a text field's format, a signer detail). */
export const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A phone number as a signer detail takes one. */
export const phonePattern = /^\+?[0-9 ().-]{6,25}$/;
const numberPattern = /^-?\d+([.,]\d+)?$/;

/** An image a signer uploads for an image field (a stamp, a company seal): PNG or JPEG. */
export const imageDataUrl = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]+={0,2})$/;

/** What a picture of the wrong kind, or too large, is told after the field's name. */
const pictureWords = {
  kind: 'takes a PNG or JPEG picture.',
  size: `takes a picture of at most ${pictureLimits.imageBytes / 1024} KB.`,
} as const;

/** Why a file chosen for an image field is refused before it is read, or null (as the server words it). */
export function imageFileProblem(file: { type: string; size: number }): string | null {
  if (file.type !== 'image/png' && file.type !== 'image/jpeg') return pictureWords.kind;
  return file.size > pictureLimits.imageBytes ? pictureWords.size : null;
}

/**
 * Why a picture of these pixels is refused, or null: the signing page asks it of a chosen file once
 * the browser has read its size, the server of the header it reads (and both say `unreadablePicture`).
 */
export function picturePixelsProblem(width: number, height: number): string | null {
  const most = pictureLimits.imagePixels;
  return width > 0 && height > 0 && width <= most && height <= most ? null : unreadablePicture;
}

/** The bytes a base64 text decodes to. */
export const base64Bytes = (data: string) =>
  Math.floor((data.length * 3) / 4) - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0);

/**
 * Why a text does not fit a text field's options (null when it does), in words a signer reads too:
 * all but its pattern, which is matched apart, after these cheap checks.
 */
export function textProblem(text: string, options: FieldOptionsShape): string | null {
  const most = mostCharacters(options);
  // Counted in UTF-16 first: a 4,000-character text is not spread into an array to learn it is too long.
  if (most && text.length > most && [...text].length > most) return `is longer than ${most} characters`;
  if (!options.multiline && /[\r\n]/.test(text)) return 'must be one line';
  if (options.format === 'number' && !numberPattern.test(text.trim())) return 'must be a number';
  if (options.format === 'email' && !emailPattern.test(text.trim())) return 'must be an e-mail address';
  return null;
}

/**
 * Why a sender's prefill does not fit its field, or null (its pattern aside): the words follow
 * "Field 3:"; `part` is the part of the field refused.
 */
export function prefillProblem(type: FieldType, value: string, options: FieldOptionsShape): string | null {
  if (!fieldKinds[type].prefill) return 'the signer fills this one: it takes no value';
  if (type === 'checkbox' && value !== 'true' && value !== 'false') return 'a checkbox is true or false';
  if (type === 'date' && !isDate(value)) return 'a date is written YYYY-MM-DD';
  if (fieldKinds[type].options === 'choices' && !(options.choices ?? []).includes(value))
    return 'its value is not one of its choices';
  const problem = type === 'text' ? textProblem(value, options) : null;
  return problem && `its value ${problem}`;
}

/** A field of a signer's as its value is checked: its type, whether it must be filled, its prefill. */
export type SignerField = {
  type: FieldType;
  label: string;
  required: boolean;
  value: string | null;
  options: FieldOptionsShape;
};

/** What a text that does not match its field's pattern is told. */
export const patternMismatch = 'does not have the form asked for.';

/**
 * The value a signer gives one of their fields that does not fill itself (what they gave, or the
 * sender's prefill), as it is stored, and why it is refused, or null: the words follow the field's
 * name (`refusalNameOf`). Everything but a text's pattern (matched apart with `compilePattern`)
 * and an image's pixels (read from its header by the server). A value of null is no value.
 */
export function signerValueOf(
  field: SignerField,
  given: string | undefined,
): { value: string | null; problem: string | null } {
  const value = valueGiven(field, given);
  if (value.problem || value.value === null || value.value === '') {
    return { value: value.value, problem: value.problem ?? (field.required ? 'needs a value.' : null) };
  }
  return value;
}

function valueGiven(
  field: SignerField,
  given: string | undefined,
): { value: string | null; problem: string | null } {
  const ok = (value: string | null) => ({ value, problem: null });
  const refused = (problem: string) => ({ value: null, problem });
  switch (field.type) {
    case 'checkbox': {
      const value = given ?? field.value ?? 'false';
      if (value !== 'true' && value !== 'false') return refused('is checked or not.');
      if (value !== 'true' && field.required) return refused('needs to be checked.');
      return ok(value);
    }
    case 'radio':
    case 'dropdown': {
      const value = given ?? field.value ?? '';
      if (value && !(field.options.choices ?? []).includes(value))
        return refused('takes one of its choices.');
      return ok(value);
    }
    case 'date': {
      const value = (given ?? field.value ?? '').trim();
      return value && !isDate(value) ? refused('takes a date.') : ok(value);
    }
    case 'image': {
      if (!given) return ok(null);
      const match = imageDataUrl.exec(given);
      if (!match) return refused(pictureWords.kind);
      if (base64Bytes(match[2] ?? '') > pictureLimits.imageBytes) return refused(pictureWords.size);
      return ok(given);
    }
    default: {
      const value = given ?? field.value ?? '';
      if (value.length > fieldLimits.valueCharacters) return refused('is too long.');
      const problem =
        field.type === 'text'
          ? textProblem(value, field.options)
          : /[\r\n]/.test(value)
            ? 'must be one line'
            : null;
      if (value && problem) return refused(`${problem}.`);
      return ok(value.trim());
    }
  }
}

/** What an image field's picture that the seal could not read is told, after the field's name. */
export const unreadablePicture = `takes a PNG or JPEG picture of at most ${imagePixelsWritten} × ${imagePixelsWritten} pixels (8 bits a colour, no text or other extra data) that can be read: make it smaller, or save it again as an ordinary PNG or JPEG.`;

/** A field as a refusal names it: its label, or its kind and page (from 0). */
export function refusalNameOf(field: { label: string; type: FieldType }, page: number): string {
  const name = field.label
    ? `“${field.label}”`
    : `the ${fieldKinds[field.type].refusalName} field on page ${page + 1}`;
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}
