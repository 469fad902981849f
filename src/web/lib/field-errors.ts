import type { z } from 'zod';
import { AppError } from '../../shared/errors';
import { errorMessage } from './api-errors';

export type FieldErrors<Field extends string> = { [Name in Field | 'form']?: string };

/**
 * The one way a form shows what went wrong: the server's error under the field it names (one of
 * `fields`), and anything else (another field, no field, no connection) for the form as a whole.
 *
 * With `sent` and `current` (the values the failed request carried and what the form holds now),
 * a field's message is shown only until that field is changed: it was about the value sent. It
 * does not move to the form then; the form simply shows no error until the next try.
 */
export function fieldErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
  values?: { sent: Partial<Record<Field, unknown>> | undefined; current: Partial<Record<Field, unknown>> },
): FieldErrors<Field> {
  const errors: FieldErrors<Field> = {};
  if (!error) return errors;
  const field = error instanceof AppError ? fields.find((name) => name === error.field) : undefined;
  if (!field) {
    errors.form = errorMessage(error);
    return errors;
  }
  if (!values || values.sent?.[field] === values.current[field]) errors[field] = errorMessage(error);
  return errors;
}

/** Whether the server refused the request with the given code (a too-common password, say). */
export function refusedWith(error: unknown, code: string): boolean {
  return error instanceof AppError && error.code === code;
}

/**
 * A value checked in the browser by the very schema the server applies to it (from src/shared),
 * so the message is the server's: the parsed value, or the first message.
 */
export function checkValue<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
): { value: z.output<Schema>; error?: undefined } | { value?: undefined; error: string } {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { value: parsed.data };
  return { error: parsed.error.issues[0]?.message ?? 'Enter a valid value' };
}

/** A password typed twice: the second must match the first (checked once the form is submitted). */
export function confirmationError(password: string, confirmation: string, submitted: boolean) {
  return submitted && password !== confirmation ? 'The passwords do not match' : undefined;
}
