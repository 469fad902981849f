import { AppError } from '../../../../shared/errors';

export type FieldErrors<Field extends string> = { [Name in Field | 'form']?: string };

/**
 * The server's error for the named fields of a form, and anything else for the form as a whole,
 * so each message appears beside the field it is about.
 */
export function fieldErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  if (!error) return errors;
  if (!(error instanceof AppError)) {
    errors.form = 'Something went wrong. Please try again.';
    return errors;
  }
  const field = fields.find((name) => name === error.field);
  if (field) errors[field] = error.message;
  else errors.form = error.message;
  return errors;
}
