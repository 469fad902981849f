import { AppError } from '../../../shared/errors';
import {
  patternMismatch,
  pictureLimits,
  refusalNameOf,
  signerValueOf,
  unreadablePicture,
} from '../../../shared/fields';
import type { ContractFieldRow } from '../../db/schema';
import type { PatternItem } from '../contract-files/field-patterns';
import type { ContentEngine } from '../contracts/content-engine';
import { checkPictureHeader, type SigningPicture } from './signing-pictures';

/**
 * What a signer filled in one of their fields, as stored: a data URL for an image, 'signature' and
 * 'initials' for the pictures stored once on the signer and drawn in each such field.
 */
export type FilledField = { id: string; value: string };

/**
 * The values of a signer's fields as they sign: what fills itself (their signature, name, e-mail
 * and the date) and what they gave, each checked against its field (required, format, pattern,
 * choices, image size). A value for a field that is another signer's, or that does not exist, is
 * refused, as is a missing required one, naming the field. Everything cheap is checked first
 * (an image's header among it); the texts of fields with a pattern are then matched in the content
 * thread (field-patterns.ts). The images' data is left to check, with the signature's: `pictures`.
 */
export async function checkFieldValues(
  content: ContentEngine,
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
      // A name or e-mail that fills itself empty (the rule has checked the others already).
      if (field.required) refuse('needs a value.');
      continue;
    }
    // The text as given is what its pattern must match whole (the stored value is trimmed).
    if (field.type === 'text' && field.options.pattern) {
      patterns.push({ field, pattern: field.options.pattern, text: given ?? field.value ?? '' });
    }
    filled.push({ id: field.id, value });
  }
  const refused = await content.judgePatterns(patterns.map(({ pattern, text }) => ({ pattern, text })));
  if (refused) {
    const refuse = refusalOf(patterns[refused.index]?.field as ContractFieldRow);
    if (refused.problem === 'mismatch') refuse(patternMismatch);
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

/**
 * A field's value: what fills itself from the signer's signing, or what they gave (or the sender's
 * prefill) checked by the field catalogue's rule, the one the signing page checks as they type.
 */
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
  }
  const { value, problem } = signerValueOf(field, given);
  if (problem) return refuse(problem);
  if (field.type === 'image' && value) {
    // Read as the seal will read it, within bounds: a picture that passes here is drawn there.
    // Its header now; a PNG's image data with the signature's, in the content thread.
    const picture: SigningPicture = {
      dataUrl: value,
      bounds: { width: pictureLimits.imagePixels, height: pictureLimits.imagePixels },
      refusal: new AppError(
        'INVALID_INPUT',
        `${fieldLabel(field)} ${unreadablePicture}`,
        `placed.${field.id}`,
      ),
    };
    checkPictureHeader(picture);
    pictures.push(picture);
  }
  return value;
}

/** A field as a refusal names it: its label, or its kind and page. */
const fieldLabel = (field: ContractFieldRow) => refusalNameOf(field, field.page);
