import type { FieldType } from '../../../shared/api/contract-fields';
import { AppError } from '../../../shared/errors';
import { formatCount, pictureLimits } from '../../../shared/limits';
import type { ContractFieldRow } from '../../db/schema';
import { textProblem } from '../contract-files/check-fields';
import type { PatternItem } from '../contract-files/field-patterns';
import { judgePatternsApart } from '../contracts/contract-content';
import { checkPictureHeader, type SigningPicture } from './signing-pictures';

/**
 * What a signer filled in one of their fields, as stored: a data URL for an image, 'signature' and
 * 'initials' for the pictures stored once on the signer and drawn in each such field.
 */
export type FilledField = { id: string; value: string };

/** An image a signer uploads for an image field (a stamp, a company seal): PNG or JPEG. */
const imageDataUrl = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]+={0,2})$/;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

const typeNames: Record<FieldType, string> = {
  signature: 'signature',
  initials: 'initials',
  name: 'name',
  email: 'e-mail',
  company: 'company',
  title: 'title',
  dateSigned: 'date signed',
  text: 'text',
  date: 'date',
  checkbox: 'checkbox',
  radio: 'choice',
  dropdown: 'choice',
  image: 'image',
};

/**
 * The values of a signer's fields as they sign: what fills itself (their signature, name, e-mail
 * and the date) and what they gave, each checked against its field (required, format, pattern,
 * choices, image size). A value for a field that is another signer's, or that does not exist, is
 * refused, as is a missing required one, naming the field. Everything cheap is checked first
 * (an image's header among it); the texts of fields with a pattern are then matched in the content
 * thread (field-patterns.ts). The images' data is left to check, with the signature's: `pictures`.
 */
export async function checkFieldValues(
  fields: readonly ContractFieldRow[],
  signerNumber: number,
  input: {
    placed: Record<string, string>;
    initials: string | null;
    fullName: string;
    email: string;
    at: Date;
  },
): Promise<{ filled: FilledField[]; pictures: SigningPicture[] }> {
  const mine = fields.filter((field) => field.signer === signerNumber);
  const byId = new Map(mine.map((field) => [field.id, field]));
  for (const id of Object.keys(input.placed)) {
    if (!byId.has(id))
      throw new AppError(
        'INVALID_INPUT',
        'A value was given for a field that is not yours to fill.',
        'placed',
      );
  }
  const filled: FilledField[] = [];
  const patterns: (PatternItem & { field: ContractFieldRow })[] = [];
  const pictures: SigningPicture[] = [];
  for (const field of mine) {
    const refuse = refusalOf(field);
    const given = input.placed[field.id];
    const value = filledValueOf(field, given, input, refuse, pictures);
    if (value === null || value === '') {
      if (field.required) refuse('needs a value.');
      continue;
    }
    // The text as given is what its pattern must match whole (the stored value is trimmed).
    if (field.type === 'text' && field.options.pattern) {
      patterns.push({ field, pattern: field.options.pattern, text: given ?? field.value ?? '' });
    }
    filled.push({ id: field.id, value });
  }
  const refused = await judgePatternsApart(patterns.map(({ pattern, text }) => ({ pattern, text })));
  if (refused) {
    const refuse = refusalOf(patterns[refused.index]?.field as ContractFieldRow);
    if (refused.problem === 'mismatch') refuse('does not have the form asked for.');
    if (refused.problem === 'budget') {
      refuse(
        'cannot be checked: the patterns of this document take too long to check together. Ask the sender to simplify them.',
      );
    }
    // Saved before patterns were bounded: the signer cannot fix it, the sender can.
    refuse('cannot be checked: its pattern is too complex. Ask the sender to change it.');
  }
  return { filled, pictures };
}

function refusalOf(field: ContractFieldRow): (message: string) => never {
  return (message) => {
    throw new AppError('INVALID_INPUT', `${fieldLabel(field)} ${message}`, `placed.${field.id}`);
  };
}

function filledValueOf(
  field: ContractFieldRow,
  given: string | undefined,
  input: { initials: string | null; fullName: string; email: string; at: Date },
  refuse: (message: string) => never,
  pictures: SigningPicture[],
): string | null {
  switch (field.type) {
    case 'signature':
      // Drawn from the signature the signer adopts for the whole document.
      return 'signature';
    case 'initials':
      // Drawn from the initials the signer adopts, stored once on the signer.
      if (!input.initials) return refuse('needs your initials.');
      return 'initials';
    case 'name':
      return input.fullName;
    case 'email':
      return input.email;
    case 'dateSigned':
      return input.at.toISOString().slice(0, 10);
    case 'checkbox': {
      const value = given ?? field.value ?? 'false';
      if (value !== 'true' && value !== 'false') return refuse('is checked or not.');
      if (value !== 'true' && field.required) return refuse('needs to be checked.');
      return value;
    }
    case 'radio':
    case 'dropdown': {
      const value = given ?? field.value ?? '';
      if (value && !(field.options.choices ?? []).includes(value)) return refuse('takes one of its choices.');
      return value;
    }
    case 'date': {
      const value = (given ?? field.value ?? '').trim();
      if (value && !(isoDate.test(value) && !Number.isNaN(Date.parse(value)))) return refuse('takes a date.');
      return value;
    }
    case 'image': {
      if (!given) return null;
      const match = imageDataUrl.exec(given);
      if (!match) return refuse('takes a PNG or JPEG picture.');
      if (Buffer.byteLength(match[2] ?? '', 'base64') > pictureLimits.imageBytes)
        return refuse('takes a picture of at most 200 KB.');
      // Read as the seal will read it, within bounds: a picture that passes here is drawn there.
      // Its header now; a PNG's image data with the signature's, in the content thread.
      const pixels = formatCount(pictureLimits.imagePixels);
      const picture: SigningPicture = {
        dataUrl: given,
        bounds: { width: pictureLimits.imagePixels, height: pictureLimits.imagePixels },
        refusal: new AppError(
          'INVALID_INPUT',
          `${fieldLabel(field)} takes a PNG or JPEG picture of at most ${pixels} × ${pixels} pixels (8 bits a colour, no text or other extra data) that can be read: make it smaller, or save it again as an ordinary PNG or JPEG.`,
          `placed.${field.id}`,
        ),
      };
      checkPictureHeader(picture);
      pictures.push(picture);
      return given;
    }
    default: {
      const value = given ?? field.value ?? '';
      if (value.length > 4000) return refuse('is too long.');
      const problem =
        field.type === 'text'
          ? textProblem(value, field.options)
          : /[\r\n]/.test(value)
            ? 'must be one line'
            : null;
      if (value && problem) return refuse(`${problem}.`);
      return value.trim();
    }
  }
}

/** A field as a refusal names it: its label, or its kind and page. */
function fieldLabel(field: ContractFieldRow): string {
  const name = field.label
    ? `“${field.label}”`
    : `the ${typeNames[field.type]} field on page ${field.page + 1}`;
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}
